package io.mink.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.testkit.KafkaBroker;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The tables topic on a broker that never creates topics on lookup, as most managed clusters run. */
class ManagedClusterTablesTopicIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker(KafkaBroker.AUTO_CREATE_OFF);

  @Test
  void theStoreCreatesItsTopicAndADeletionIsAnError() throws Exception {
    String topic = "_tables-" + UUID.randomUUID().toString().substring(0, 8);
    KafkaClientFactory clients =
        new KafkaClientFactory(Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-test");
    try (KafkaTableStore store = new KafkaTableStore(clients, topic);
        Admin admin = clients.admin()) {
      assertThat(store.list()).isEmpty();
      store.ensureTopic(admin);
      TableDescriptor orders = new TableDescriptor(
          "kafka",
          "orders",
          "orders",
          "id-1",
          Duration.ofMinutes(3),
          Map.of(),
          Instant.parse("2026-11-30T10:00:00Z"));

      assertThat(store.add(orders)).isTrue();
      assertThat(store.list()).containsExactly(orders);

      KAFKA.deleteTopic(topic);

      assertThat(KafkaTableStoreIT.awaitListFailure(store))
          .hasMessageStartingWith("The tables topic " + topic + " was deleted");
      assertThat(KAFKA.admin().listTopics().names().get()).doesNotContain(topic);
    }
  }
}
