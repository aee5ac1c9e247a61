package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** [kafka] properties Mink sets itself are refused with the reason, never silently replaced. */
class KafkaPropertyPolicyTest {
  @TempDir
  Path directory;

  @Test
  void aValueMinkCannotHonourIsRefusedWithWhy() throws IOException {
    Path file = Files.writeString(directory.resolve("mink.toml"), """
        [kafka]
        bootstrap.servers = "kafka:9092"
        isolation.level = "read_uncommitted"
        """);

    assertThatThrownBy(() -> MinkConfigLoader.load(file, Map.of(), directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "Kafka property 'isolation.level' in [kafka] of " + file
                + " cannot be set to 'read_uncommitted': "
                + "Mink reads read_committed, so records of aborted transactions never become rows. Remove it");
  }

  @Test
  void aPropertyMinkAlwaysSetsIsRefusedFromTheEnvironmentToo() {
    assertThatThrownBy(() -> MinkConfigLoader.load(
            null,
            Map.of("MINK_KAFKA_BOOTSTRAP_SERVERS", "kafka:9092", "MINK_KAFKA_GROUP_ID", "mine"),
            directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "Kafka property 'group.id' in MINK_KAFKA_GROUP_ID cannot be set: set [indexer] group_id instead. "
                + "Remove it");
    assertThatThrownBy(() -> MinkConfigLoader.load(
            null,
            Map.of("MINK_KAFKA_BOOTSTRAP_SERVERS", "kafka:9092", "MINK_KAFKA_ACKS", "1"),
            directory))
        .hasMessage(
            "Kafka property 'acks' in MINK_KAFKA_ACKS cannot be set to '1': Mink writes its own topics with "
                + "acks=all. Remove it");
  }

  @Test
  void minksOwnValuesAndTuningPropertiesAreKept() {
    MinkConfig config = MinkConfigLoader.load(
        null,
        Map.of(
            "MINK_KAFKA_BOOTSTRAP_SERVERS",
            "kafka:9092",
            "MINK_KAFKA_ISOLATION_LEVEL",
            "read_committed",
            "MINK_KAFKA_ACKS",
            "all",
            "MINK_KAFKA_FETCH_MAX_BYTES",
            "8388608"),
        directory);

    assertThat(config.kafka())
        .containsEntry("fetch.max.bytes", "8388608")
        .containsEntry("acks", "all");
  }

  @Test
  void theConfigurationPageListsEveryPropertyMinkSetsItself() throws IOException {
    String doc = Files.readString(Path.of("..", "docs", "configuration.md"));
    String section = doc.substring(doc.indexOf("### Properties Mink sets itself"));

    KafkaPropertyPolicy.OWNED.forEach(
        (property, owned) -> assertThat(section).contains("`" + property + "`"));
  }
}
