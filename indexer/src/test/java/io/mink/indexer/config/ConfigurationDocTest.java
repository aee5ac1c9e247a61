package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ConfigurationDocTest {
  private static final Path DOC = Path.of("..", "docs", "configuration.md");

  @Test
  void configurationReferenceListsEveryKeyWithItsDefault() throws IOException {
    String doc = Files.readString(DOC);
    assertThat(doc)
        .as("the [indexer] table of %s; regenerate it from ConfigReference", DOC)
        .contains(ConfigReference.markdown(ConfigKey.INDEXER));
    assertThat(doc)
        .as("the [lake] table of %s; regenerate it from ConfigReference", DOC)
        .contains(ConfigReference.markdown(ConfigKey.LAKE));
    assertThat(doc)
        .as("the [schema_registry] table of %s; regenerate it from ConfigReference", DOC)
        .contains(ConfigReference.markdown(ConfigKey.SCHEMA_REGISTRY));
    assertThat(doc)
        .as("the [query] table of %s; regenerate it from ConfigReference", DOC)
        .contains(ConfigReference.markdown(ConfigKey.QUERY));
  }
}
