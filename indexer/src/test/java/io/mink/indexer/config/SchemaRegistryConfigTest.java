package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.registry.GlueRegistrySettings;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaRegistryConfigTest {
  private static final Map<String, String> KAFKA =
      Map.of("MINK_KAFKA_BOOTSTRAP_SERVERS", "localhost:9092");

  @TempDir
  Path directory;

  @Test
  void withoutASchemaRegistrySectionNothingIsDecoded() {
    MinkConfig config = MinkConfigLoader.load(null, KAFKA, directory);

    assertThat(config.schemaRegistry().configured()).isFalse();
  }

  @Test
  void registrySectionMapsEveryKey() throws Exception {
    Path file = Files.writeString(directory.resolve("mink.toml"), """
        [kafka]
        bootstrap.servers = "localhost:9092"
        [schema_registry]
        url = "http://registry-1:8081, http://registry-2:8081"
        basic_auth_user_info = "mink:secret"
        request_timeout = "5s"
        glue_region = "eu-west-1"
        glue_registry_name = "orders"
        glue_endpoint = "http://localhost:4566"
        """);

    SchemaRegistrySettings registry =
        MinkConfigLoader.load(file, Map.of(), directory).schemaRegistry();

    ConfluentRegistrySettings confluent = registry.confluent().orElseThrow();
    assertThat(confluent.urls())
        .containsExactly(
            URI.create("http://registry-1:8081"), URI.create("http://registry-2:8081"));
    assertThat(confluent.basicAuthUser()).isEqualTo("mink");
    assertThat(confluent.basicAuthPassword()).isEqualTo("secret");
    assertThat(confluent.requestTimeout()).isEqualTo(Duration.ofSeconds(5));
    GlueRegistrySettings glue = registry.glue().orElseThrow();
    assertThat(glue.region()).isEqualTo("eu-west-1");
    assertThat(glue.registryName()).isEqualTo("orders");
    assertThat(glue.endpointOverride()).isEqualTo(URI.create("http://localhost:4566"));
  }

  @Test
  void environmentSetsTheRegistry() {
    SchemaRegistrySettings registry = MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS", "localhost:9092",
                "MINK_SCHEMA_REGISTRY_URL", "http://registry:8081",
                "MINK_SCHEMA_REGISTRY_BEARER_TOKEN", "token"),
            directory)
        .schemaRegistry();

    assertThat(registry.confluent().orElseThrow().urls())
        .isEqualTo(List.of(URI.create("http://registry:8081")));
    assertThat(registry.confluent().orElseThrow().bearerToken()).isEqualTo("token");
    assertThat(registry.glue()).isEmpty();
  }

  @Test
  void credentialsWithoutUrlAreAnError() {
    assertThatThrownBy(() -> MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS",
                "localhost:9092",
                "MINK_SCHEMA_REGISTRY_BEARER_TOKEN",
                "token"),
            directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "schema_registry.bearer_token is set but schema_registry.url is not: set url in "
                + "[schema_registry], or MINK_SCHEMA_REGISTRY_URL");
  }

  @Test
  void unknownRegistryKeyNamesTheValidOnes() throws Exception {
    Path file = Files.writeString(directory.resolve("mink.toml"), """
        [kafka]
        bootstrap.servers = "localhost:9092"
        [schema_registry]
        urls = "http://registry:8081"
        """);

    assertThatThrownBy(() -> MinkConfigLoader.load(file, Map.of(), directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Unknown key 'urls' in [schema_registry] of " + file + ": valid keys are "
            + "basic_auth_user_info, bearer_token, glue_endpoint, glue_region, glue_registry_name, request_timeout, "
            + "ssl_key_password, ssl_keystore_location, ssl_keystore_password, ssl_keystore_type, "
            + "ssl_truststore_location, ssl_truststore_password, ssl_truststore_type, url");
  }
}
