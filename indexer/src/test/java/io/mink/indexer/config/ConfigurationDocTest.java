package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConfigurationDocTest {
  private static final Path DOC = Path.of("..", "docs", "configuration.md");
  private static final Path CLI_DOC = Path.of("..", "docs", "cli.md");
  private static final Pattern KEY_ROW = Pattern.compile("^\\| `([a-z_]+)` \\|", Pattern.MULTILINE);

  @ParameterizedTest
  @ValueSource(
      strings = {ConfigKey.INDEXER, ConfigKey.LAKE, ConfigKey.SCHEMA_REGISTRY, ConfigKey.QUERY})
  void configurationReferenceListsEveryKeyWithItsDefault(String section) throws IOException {
    assertThat(Files.readString(DOC))
        .as("the [%s] table of %s; regenerate it from ConfigReference", section, DOC)
        .contains(ConfigReference.markdown(section));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {ConfigKey.INDEXER, ConfigKey.LAKE, ConfigKey.SCHEMA_REGISTRY, ConfigKey.QUERY})
  void configurationReferenceListsNoKeyTheCodeDoesNotAccept(String section) throws IOException {
    assertThat(documentedKeys(Files.readString(DOC), section))
        .as("the keys in the table of the [%s] section of %s", section, DOC)
        .containsExactlyElementsOf(names(ConfigKey.in(section)));
  }

  @Test
  void unknownKeyErrorInTheCliDocNamesEveryIndexerKey() throws IOException {
    String example =
        "Error: Unknown key 'freshnes' in [indexer] of /etc/mink/mink.toml: valid keys are "
            + String.join(", ", names(ConfigKey.in(ConfigKey.INDEXER)))
            + "\n";
    assertThat(Files.readString(CLI_DOC))
        .as("the unknown-key error that %s shows, with the keys of ConfigKey", CLI_DOC)
        .contains(example);
  }

  /** The keys of the rows of the first table under the section's heading, in the order they are listed. */
  private static List<String> documentedKeys(String doc, String section) {
    int heading = doc.indexOf("\n## [" + section + "]\n");
    assertThat(heading).as("the heading ## [%s] in %s", section, DOC).isNotNegative();
    int next = doc.indexOf("\n## ", heading + 1);
    String text = doc.substring(heading, next < 0 ? doc.length() : next);
    Matcher rows = KEY_ROW.matcher(text);
    List<String> keys = new ArrayList<>();
    while (rows.find()) {
      keys.add(rows.group(1));
    }
    return keys;
  }

  private static List<String> names(List<ConfigKey> keys) {
    return keys.stream().map(ConfigKey::key).collect(Collectors.toList());
  }
}
