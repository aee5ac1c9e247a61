package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.catalog.LakeSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MinkConfigEnvironmentTest {
  @TempDir
  Path directory;

  @Test
  void environmentWinsOverTheFile() throws IOException {
    Path file = write("""
        [kafka]
        bootstrap.servers = "file:9092"
        [lake]
        catalog = "rest"
        uri = "http://file:8181"
        warehouse = "s3://file"
        [indexer]
        freshness = "3m"
        writer_threads = 2
        """);

    MinkConfig config = MinkConfigLoader.load(
        file,
        Map.of(
            "MINK_KAFKA_BOOTSTRAP_SERVERS", "env:9092",
            "MINK_LAKE_URI", "http://env:8181",
            "MINK_INDEXER_FRESHNESS", "10m",
            "MINK_INDEXER_WRITER_THREADS", "8"),
        directory);

    assertThat(config.kafka()).containsExactly(Map.entry("bootstrap.servers", "env:9092"));
    assertThat(config.lake().uri()).isEqualTo("http://env:8181");
    assertThat(config.lake().warehouse()).isEqualTo("s3://file");
    assertThat(config.indexer().freshness()).isEqualTo(Duration.ofMinutes(10));
    assertThat(config.indexer().writerThreads()).isEqualTo(8);
  }

  @Test
  void everyIndexerKeyHasAVariable() {
    MinkConfig config = MinkConfigLoader.load(
        null,
        Map.of(
            "MINK_KAFKA_BOOTSTRAP_SERVERS", "env:9092",
            "MINK_INDEXER_NAMESPACE", "events",
            "MINK_INDEXER_FRESHNESS", "1h",
            "MINK_INDEXER_POLL_INTERVAL", "500ms",
            "MINK_INDEXER_TARGET_FILE_SIZE", "64MB",
            "MINK_INDEXER_WRITER_THREADS", "1",
            "MINK_INDEXER_TABLES_TOPIC", "_tables",
            "MINK_INDEXER_GROUP_ID", "mink-eu"),
        directory);

    assertThat(config.indexer())
        .isEqualTo(new IndexerSettings(
            "events",
            Duration.ofHours(1),
            Duration.ofMillis(500),
            64_000_000L,
            1,
            "_tables",
            "mink-eu"));
  }

  @Test
  void kafkaVariableNamesBecomeDottedLowerCaseProperties() {
    MinkConfig config = MinkConfigLoader.load(
        null,
        Map.of(
            "MINK_KAFKA_BOOTSTRAP_SERVERS", "env:9092",
            "MINK_KAFKA_SASL_JAAS_CONFIG",
                "org.apache.kafka.common.security.plain.PlainLoginModule required;",
            "MINK_KAFKA_SECURITY_PROTOCOL", "SASL_SSL"),
        directory);

    assertThat(config.kafka())
        .containsExactly(
            Map.entry("bootstrap.servers", "env:9092"),
            Map.entry(
                "sasl.jaas.config",
                "org.apache.kafka.common.security.plain.PlainLoginModule required;"),
            Map.entry("security.protocol", "SASL_SSL"));
  }

  @Test
  void lakeFromTheEnvironmentAloneIsNotEmbedded() {
    MinkConfig config = MinkConfigLoader.load(
        null,
        Map.of(
            "MINK_KAFKA_BOOTSTRAP_SERVERS", "env:9092",
            "MINK_LAKE_CATALOG", "rest",
            "MINK_LAKE_URI", "http://iceberg-rest:8181",
            "MINK_LAKE_WAREHOUSE", "s3://mink-lake",
            "MINK_LAKE_PROPERTIES_S3_ENDPOINT", "http://rustfs:9000",
            "MINK_LAKE_PROPERTIES_S3_ACCESS__KEY__ID", "admin"),
        directory);

    assertThat(config.embeddedLake()).isFalse();
    assertThat(config.lake())
        .isEqualTo(new LakeSettings(
            "iceberg",
            "rest",
            "http://iceberg-rest:8181",
            "s3://mink-lake",
            Map.of("s3.endpoint", "http://rustfs:9000", "s3.access-key-id", "admin")));
  }

  @Test
  void lakePropertyVariablesAddToThoseOfTheFile() throws IOException {
    Path file = write("""
        [kafka]
        bootstrap.servers = "file:9092"
        [lake]
        catalog = "hadoop"
        warehouse = "/data/lake"
        [lake.properties]
        "s3.endpoint" = "http://file:9000"
        "s3.region" = "us-east-1"
        """);

    MinkConfig config = MinkConfigLoader.load(
        file, Map.of("MINK_LAKE_PROPERTIES_S3_ENDPOINT", "http://env:9000"), directory);

    assertThat(config.lake().properties())
        .containsOnly(
            Map.entry("s3.endpoint", "http://env:9000"), Map.entry("s3.region", "us-east-1"));
  }

  @Test
  void minkVariablesThatAreNotConfigurationAreIgnored() {
    MinkConfig config = MinkConfigLoader.load(
        null,
        Map.of(
            "MINK_KAFKA_BOOTSTRAP_SERVERS", "env:9092",
            "MINK_HOME", "/opt/mink",
            "MINK_OPTS", "-Xmx1g",
            "MINK_BOOTSTRAP", "grpc://127.0.0.1:9123",
            "MINK_QUERY_CONFIG", "/etc/query.toml",
            "PATH", "/usr/bin"),
        directory);

    assertThat(config.kafka()).containsExactly(Map.entry("bootstrap.servers", "env:9092"));
    assertThat(config.embeddedLake()).isTrue();
    assertThat(config.indexer()).isEqualTo(IndexerSettings.defaults());
  }

  @Test
  void bootstrapOverrideNeedsNoFileAndNoVariable() {
    MinkConfig config = MinkConfigLoader.load(
        null, Map.of(), directory, Map.of("kafka.bootstrap.servers", "flag:9092"));

    assertThat(config.kafka()).containsExactly(Map.entry("bootstrap.servers", "flag:9092"));
    assertThat(config.embeddedLake()).isTrue();
  }

  @Test
  void overridesWinOverTheEnvironmentAndTheFile() throws IOException {
    Path file = write("""
        [kafka]
        bootstrap.servers = "file:9092"
        [indexer]
        group_id = "file"
        """);

    MinkConfig config = MinkConfigLoader.load(
        file,
        Map.of("MINK_KAFKA_BOOTSTRAP_SERVERS", "env:9092", "MINK_INDEXER_GROUP_ID", "env"),
        directory,
        Map.of("kafka.bootstrap.servers", "flag:9092", "indexer.group_id", "flag"));

    assertThat(config.kafka()).containsExactly(Map.entry("bootstrap.servers", "flag:9092"));
    assertThat(config.indexer().groupId()).isEqualTo("flag");
  }

  @Test
  void lakeOverridesConfigureTheLake() {
    MinkConfig config = MinkConfigLoader.load(
        null,
        Map.of(),
        directory,
        Map.of(
            "kafka.bootstrap.servers", "flag:9092",
            "lake.catalog", "hadoop",
            "lake.warehouse", "/data/lake",
            "lake.properties.s3.endpoint", "http://rustfs:9000"));

    assertThat(config.embeddedLake()).isFalse();
    assertThat(config.lake())
        .isEqualTo(new LakeSettings(
            "iceberg", "hadoop", null, "/data/lake", Map.of("s3.endpoint", "http://rustfs:9000")));
  }

  private Path write(String toml) throws IOException {
    return Files.writeString(directory.resolve("mink.toml"), toml);
  }
}
