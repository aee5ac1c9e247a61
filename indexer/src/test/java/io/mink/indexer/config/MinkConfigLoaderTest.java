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

class MinkConfigLoaderTest {
  private static final Map<String, String> BOOTSTRAP =
      Map.of("MINK_KAFKA_BOOTSTRAP_SERVERS", "localhost:9092");

  @TempDir
  Path directory;

  @Test
  void noFileGivesTheDefaultsAndTheEmbeddedLake() {
    MinkConfig config = MinkConfigLoader.load(null, BOOTSTRAP, directory);

    assertThat(config)
        .isEqualTo(new MinkConfig(
            Map.of("bootstrap.servers", "localhost:9092"),
            LakeSettings.embedded(directory.resolve("mink-warehouse")),
            true,
            IndexerSettings.defaults(),
            SchemaRegistrySettings.NONE));
  }

  @Test
  void fileWithOnlyKafkaGivesTheDefaultsAndTheEmbeddedLake() throws IOException {
    MinkConfig config = load("""
        [kafka]
        bootstrap.servers = "broker:9092"
        """);

    assertThat(config.kafka()).containsExactly(Map.entry("bootstrap.servers", "broker:9092"));
    assertThat(config.embeddedLake()).isTrue();
    assertThat(config.lake())
        .isEqualTo(LakeSettings.embedded(directory.resolve(LakeSettings.EMBEDDED_DIRECTORY)));
    assertThat(config.lake().warehouse())
        .isEqualTo(directory.resolve("mink-warehouse").toUri().toString());
    assertThat(config.indexer()).isEqualTo(IndexerSettings.defaults());
  }

  @Test
  void fullFileMapsEveryKey() throws IOException {
    MinkConfig config = load("""
        [kafka]
        bootstrap.servers = "broker-1:9092,broker-2:9092"
        security.protocol = "SASL_SSL"
        sasl.mechanism = "PLAIN"

        [lake]
        format = "iceberg"
        catalog = "rest"
        uri = "http://iceberg-rest:8181"
        warehouse = "s3://mink-lake"

        [lake.properties]
        "s3.endpoint" = "http://rustfs:9000"
        "s3.path-style-access" = "true"

        [indexer]
        namespace = "events"
        freshness = "10m"
        poll_interval = "5s"
        target_file_size = "256MiB"
        writer_threads = 3
        tables_topic = "_tables"
        group_id = "mink-eu"
        """);

    assertThat(config)
        .isEqualTo(new MinkConfig(
            Map.of(
                "bootstrap.servers",
                "broker-1:9092,broker-2:9092",
                "security.protocol",
                "SASL_SSL",
                "sasl.mechanism",
                "PLAIN"),
            new LakeSettings(
                "iceberg",
                "rest",
                "http://iceberg-rest:8181",
                "s3://mink-lake",
                Map.of("s3.endpoint", "http://rustfs:9000", "s3.path-style-access", "true")),
            false,
            new IndexerSettings(
                "events",
                Duration.ofMinutes(10),
                Duration.ofSeconds(5),
                256L << 20,
                3,
                "_tables",
                "mink-eu"),
            SchemaRegistrySettings.NONE));
  }

  @Test
  void everyDocumentedExampleIsAValidValue() throws IOException {
    StringBuilder toml = new StringBuilder("[kafka]\nbootstrap.servers = \"broker:9092\"\n");
    for (String section : new String[] {ConfigKey.INDEXER, ConfigKey.LAKE}) {
      toml.append('[').append(section).append("]\n");
      for (ConfigKey key : ConfigKey.in(section)) {
        toml.append(key.key()).append(" = ").append(key.example()).append('\n');
      }
    }

    MinkConfig config = load(toml.toString());

    assertThat(config.lake().properties())
        .containsExactly(Map.entry("s3.endpoint", "http://rustfs:9000"));
    assertThat(config.indexer().writerThreads()).isEqualTo(4);
  }

  @Test
  void dottedAndQuotedKafkaKeysBothWork() throws IOException {
    MinkConfig config = load("""
        [kafka]
        bootstrap.servers = "broker:9092"
        "security.protocol" = "SSL"
        ssl."truststore.location" = "/etc/truststore.jks"
        """);

    assertThat(config.kafka())
        .containsExactly(
            Map.entry("bootstrap.servers", "broker:9092"),
            Map.entry("security.protocol", "SSL"),
            Map.entry("ssl.truststore.location", "/etc/truststore.jks"));
  }

  @Test
  void kafkaSubTablesFlattenToDottedNames() throws IOException {
    MinkConfig config = load("""
        [kafka]
        bootstrap.servers = "broker:9092"
        [kafka.ssl.truststore]
        location = "/etc/truststore.jks"
        password = "secret"
        """);

    assertThat(config.kafka())
        .containsEntry("ssl.truststore.location", "/etc/truststore.jks")
        .containsEntry("ssl.truststore.password", "secret");
  }

  @Test
  void kafkaNumbersBooleansAndArraysBecomeText() throws IOException {
    MinkConfig config = load("""
        [kafka]
        bootstrap.servers = ["broker-1:9092", "broker-2:9092"]
        linger.ms = 5
        enable.idempotence = true
        """);

    assertThat(config.kafka())
        .containsExactly(
            Map.entry("bootstrap.servers", "broker-1:9092,broker-2:9092"),
            Map.entry("enable.idempotence", "true"),
            Map.entry("linger.ms", "5"));
  }

  @Test
  void lakePropertiesWithDottedKeysFlattenLikeKafka() throws IOException {
    MinkConfig config = load("""
        [kafka]
        bootstrap.servers = "broker:9092"
        [lake]
        catalog = "hadoop"
        warehouse = "/data/lake"
        [lake.properties]
        s3.endpoint = "http://rustfs:9000"
        """);

    assertThat(config.lake())
        .isEqualTo(new LakeSettings(
            "iceberg", "hadoop", null, "/data/lake", Map.of("s3.endpoint", "http://rustfs:9000")));
  }

  @Test
  void lakeWithoutFormatIsIceberg() throws IOException {
    MinkConfig config = load("""
        [kafka]
        bootstrap.servers = "broker:9092"
        [lake]
        catalog = "glue"
        warehouse = "s3://mink-lake"
        """);

    assertThat(config.lake())
        .isEqualTo(new LakeSettings("iceberg", "glue", null, "s3://mink-lake", Map.of()));
    assertThat(config.embeddedLake()).isFalse();
  }

  @Test
  void catalogAndFormatMatchIgnoringCase() throws IOException {
    MinkConfig config = load("""
        [kafka]
        bootstrap.servers = "broker:9092"
        [lake]
        format = "Iceberg"
        catalog = "REST"
        uri = "http://iceberg-rest:8181"
        warehouse = "s3://mink-lake"
        """);

    assertThat(config.lake().format()).isEqualTo("iceberg");
    assertThat(config.lake().catalog()).isEqualTo("rest");
  }

  @Test
  void targetFileSizeMayBeAPlainNumberOfBytes() throws IOException {
    MinkConfig config = load("""
        [kafka]
        bootstrap.servers = "broker:9092"
        [indexer]
        target_file_size = 1048576
        """);

    assertThat(config.indexer().targetFileSizeBytes()).isEqualTo(1_048_576L);
  }

  @Test
  void durationsMayBeIso8601() throws IOException {
    MinkConfig config = load("""
        [kafka]
        bootstrap.servers = "broker:9092"
        [indexer]
        freshness = "PT3M"
        """);

    assertThat(config.indexer().freshness()).isEqualTo(Duration.ofMinutes(3));
  }

  @Test
  void relativeConfigPathIsResolvedAgainstTheWorkingDirectory() throws IOException {
    Files.writeString(
        directory.resolve("mink.toml"), "[kafka]\nbootstrap.servers = \"broker:9092\"\n");

    MinkConfig config = MinkConfigLoader.load(Path.of("mink.toml"), Map.of(), directory);

    assertThat(config.kafka()).containsEntry("bootstrap.servers", "broker:9092");
  }

  @Test
  void emptyFileNeedsOnlyBootstrapServersFromTheEnvironment() throws IOException {
    Path file = Files.writeString(directory.resolve("mink.toml"), "");

    MinkConfig config = MinkConfigLoader.load(file, BOOTSTRAP, directory);

    assertThat(config.kafka()).containsExactly(Map.entry("bootstrap.servers", "localhost:9092"));
    assertThat(config.indexer()).isEqualTo(IndexerSettings.defaults());
    assertThat(config.embeddedLake()).isTrue();
  }

  private MinkConfig load(String toml) throws IOException {
    Path file = Files.writeString(directory.resolve("mink.toml"), toml);
    return MinkConfigLoader.load(file, Map.of(), directory);
  }
}
