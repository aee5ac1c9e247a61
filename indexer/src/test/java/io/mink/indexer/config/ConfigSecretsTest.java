package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A loaded configuration shows its secrets as [hidden] and knows every one of them to hide elsewhere. */
class ConfigSecretsTest {
  private static final List<String> SECRETS = List.of(
      "sasl-pw-1",
      "ssl-key-pw-2",
      "jdbc-pw-3",
      "AKIA-KEY-4",
      "s3-secret-5",
      "reg-pw-6",
      "query-pw-7");

  @TempDir
  Path directory;

  @Test
  void everySectionsSecretsAreHiddenInToStringAndKnownAsSecretValues() throws Exception {
    Path file = directory.resolve("mink.toml");
    Files.writeString(file, """
        [kafka]
        bootstrap.servers = "kafka:9092"
        "ssl.key.password" = "ssl-key-pw-2"

        [lake]
        catalog = "jdbc"
        uri = "jdbc:postgresql://db:5432/lake?user=mink&password=jdbc-pw-3"
        warehouse = "s3://lake"

        [lake.properties]
        "s3.access-key-id" = "AKIA-KEY-4"
        "s3.secret-access-key" = "s3-secret-5"

        [schema_registry]
        url = "http://mink:reg-pw-6@registry:8081"

        [query]
        user = "mink"
        password = "query-pw-7"
        """);
    MinkConfig config = MinkConfigLoader.load(
        file,
        Map.of(
            "MINK_KAFKA_SASL_JAAS_CONFIG",
            "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"mink\""
                + " password=\"sasl-pw-1\";"),
        directory);

    assertThat(config.toString())
        .contains(
            "ssl.key.password=[hidden]",
            "sasl.jaas.config=[hidden]",
            "password=[hidden]",
            "s3.secret-access-key=[hidden]",
            "kafka:9092",
            "s3://lake",
            "jdbc:postgresql://db:5432/lake?user=mink&password=[hidden]",
            "http://registry:8081");
    String everything = String.join(" ", SECRETS);
    assertThat(config.secretValues().scrub(everything))
        .isEqualTo("[hidden] [hidden] [hidden] [hidden] [hidden] [hidden] [hidden]");
    for (String secret : SECRETS) {
      assertThat(config.toString()).doesNotContain(secret);
    }
  }

  @Test
  void aFailingConfigurationKeepsTheSecretsItReadOutOfItsMessageEvenUnderAnotherKey()
      throws Exception {
    Path file = directory.resolve("mink.toml");
    Files.writeString(file, """
        [kafka]
        bootstrap.servers = "kafka:9092"
        "ssl.truststore.password" = "trust-pw-8"

        [indexer]
        namespace = "trust-pw-8"
        """);

    assertThatThrownBy(() -> MinkConfigLoader.load(file, Map.of(), directory))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("Invalid namespace '[hidden]' for indexer.namespace in ");
  }
}
