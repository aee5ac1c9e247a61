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
  void glueStaticKeysAndBearerTokenFileAreRead() throws Exception {
    Path file = Files.writeString(directory.resolve("mink.toml"), """
        [kafka]
        bootstrap.servers = "localhost:9092"
        [schema_registry]
        url = "https://registry:8081"
        bearer_token_file = "/var/run/secrets/registry/token"
        glue_region = "eu-west-1"
        glue_access_key_id = "AKIAEXAMPLE"
        glue_secret_access_key = "secret"
        glue_session_token = "session"
        """);

    SchemaRegistrySettings registry =
        MinkConfigLoader.load(file, Map.of(), directory).schemaRegistry();

    assertThat(registry.confluent().orElseThrow().bearerTokenFile())
        .isEqualTo(Path.of("/var/run/secrets/registry/token"));
    GlueRegistrySettings glue = registry.glue().orElseThrow();
    assertThat(glue.accessKeyId()).isEqualTo("AKIAEXAMPLE");
    assertThat(glue.secretAccessKey()).isEqualTo("secret");
    assertThat(glue.sessionToken()).isEqualTo("session");
    assertThat(glue.profile()).isNull();
  }

  @Test
  void glueProfileComesFromTheEnvironment() {
    GlueRegistrySettings glue = MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS", "localhost:9092",
                "MINK_SCHEMA_REGISTRY_GLUE_REGION", "us-east-1",
                "MINK_SCHEMA_REGISTRY_GLUE_PROFILE", "mink",
                "MINK_SCHEMA_REGISTRY_GLUE_CREDENTIALS_FILE", "/etc/mink/aws-credentials"),
            directory)
        .schemaRegistry()
        .glue()
        .orElseThrow();

    assertThat(glue.profile()).isEqualTo("mink");
    assertThat(glue.credentialsFile()).isEqualTo(Path.of("/etc/mink/aws-credentials"));
    assertThat(glue.accessKeyId()).isNull();
  }

  @Test
  void glueKeysAndProfileTogetherAreAnError() {
    assertThatThrownBy(() -> MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS", "localhost:9092",
                "MINK_SCHEMA_REGISTRY_GLUE_REGION", "us-east-1",
                "MINK_SCHEMA_REGISTRY_GLUE_ACCESS_KEY_ID", "AKIAEXAMPLE",
                "MINK_SCHEMA_REGISTRY_GLUE_SECRET_ACCESS_KEY", "secret",
                "MINK_SCHEMA_REGISTRY_GLUE_PROFILE", "mink"),
            directory))
        .isInstanceOf(ConfigException.class)
        .hasMessageEndingWith(
            "AWS Glue credentials are given twice: as static keys"
                + " (glue_access_key_id) and as a profile (glue_profile, glue_credentials_file); keep one");
  }

  @Test
  void glueCredentialsWithoutRegionAreAnError() {
    assertThatThrownBy(() -> MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS", "localhost:9092",
                "MINK_SCHEMA_REGISTRY_GLUE_PROFILE", "mink"),
            directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "schema_registry.glue_profile is set but schema_registry.glue_region is not: set "
                + "glue_region in [schema_registry], or MINK_SCHEMA_REGISTRY_GLUE_REGION");
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
            + "basic_auth_user_info, bearer_token, bearer_token_file, glue_access_key_id, glue_credentials_file, "
            + "glue_endpoint, glue_profile, glue_region, glue_registry_name, glue_secret_access_key, "
            + "glue_session_token, request_timeout, "
            + "ssl_key_password, ssl_keystore_location, ssl_keystore_password, ssl_keystore_type, "
            + "ssl_truststore_location, ssl_truststore_password, ssl_truststore_type, url");
  }
}
