package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.tables.MinkTopics;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MinkTopicsConfigTest {
  @TempDir
  Path directory;

  @Test
  void minksOwnTopicsAreCreatedAsConfigured() {
    MinkConfig config = MinkConfigLoader.load(
        null,
        Map.of(
            "MINK_KAFKA_BOOTSTRAP_SERVERS",
            "kafka:9092",
            "MINK_INDEXER_TOPIC_REPLICATION_FACTOR",
            "2",
            "MINK_INDEXER_TOPIC_MIN_INSYNC_REPLICAS",
            "2"),
        directory);

    assertThat(config.minkTopics()).isEqualTo(new MinkTopics(2, 2));
  }

  @Test
  void withoutSettingsTheyGetThreeReplicasOrFewerAndTheBrokersMinInsyncReplicas() {
    MinkConfig config = MinkConfigLoader.load(
        null, Map.of("MINK_KAFKA_BOOTSTRAP_SERVERS", "kafka:9092"), directory);

    assertThat(config.minkTopics()).isEqualTo(MinkTopics.DEFAULT);
  }

  @Test
  void moreInsyncReplicasThanReplicasIsRefused() {
    assertThatThrownBy(() -> MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS",
                "kafka:9092",
                "MINK_INDEXER_TOPIC_REPLICATION_FACTOR",
                "2",
                "MINK_INDEXER_TOPIC_MIN_INSYNC_REPLICAS",
                "3"),
            directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "[indexer] topic_min_insync_replicas 3 is above topic_replication_factor 2: Mink could never "
                + "write its own topics. Lower it");
  }
}
