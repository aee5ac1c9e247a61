package io.mink.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.testkit.KafkaBroker;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Mink's own topics are created with the replication factor and min.insync.replicas the operator sets. */
class CompactedTopicIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @Test
  void aTopicGetsTheSettingsGivenAndIsCompacted() throws Exception {
    String topic = "_mink_" + UUID.randomUUID().toString().substring(0, 8);

    CompactedTopic.ensure(KAFKA.admin(), topic, "status", new MinkTopics(1, 1));

    TopicDescription description =
        KAFKA.admin().describeTopics(List.of(topic)).allTopicNames().get().get(topic);
    assertThat(description.partitions()).hasSize(1);
    assertThat(description.partitions().get(0).replicas()).hasSize(1);
    ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
    Config config = KAFKA.admin().describeConfigs(List.of(resource)).all().get().get(resource);
    assertThat(config.get("cleanup.policy").value()).isEqualTo("compact");
    assertThat(config.get("min.insync.replicas").value()).isEqualTo("1");
    assertThat(config.get("min.insync.replicas").source())
        .isEqualTo(ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG);
  }

  @Test
  void aReplicationFactorAboveTheBrokersSaysWhichSettingToLower() {
    String topic = "_mink_" + UUID.randomUUID().toString().substring(0, 8);

    assertThatThrownBy(
            () -> CompactedTopic.ensure(KAFKA.admin(), topic, "tables", new MinkTopics(3, 0)))
        .hasMessageStartingWith("Cannot create the tables topic " + topic + ": ")
        .hasMessageContaining(
            "set [indexer] topic_replication_factor to at most the number of brokers");
  }

  @Test
  void theDefaultIsThreeReplicasOrFewerBrokers() {
    assertThat(MinkTopics.DEFAULT.replicationFactorFor(1)).isEqualTo((short) 1);
    assertThat(MinkTopics.DEFAULT.replicationFactorFor(5)).isEqualTo((short) 3);
    assertThat(new MinkTopics(5, 0).replicationFactorFor(7)).isEqualTo((short) 5);
    assertThat(CompactedTopic.configs(MinkTopics.DEFAULT, Map.of("cleanup.policy", "compact")))
        .containsExactly(Map.entry("cleanup.policy", "compact"));
  }
}
