package io.mink.indexer.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mink.tables.KafkaClientFactory;
import io.mink.testkit.KafkaBroker;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Statuses go to the compacted status topic on change and again on every interval; readers pick the newest owner. */
class StatusPublisherIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private KafkaClientFactory clients;
  private StatusTopic topic;

  @BeforeEach
  void statusTopic() {
    clients = new KafkaClientFactory(
        Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "status-test");
    topic = new StatusTopic(clients, "_status_" + UUID.randomUUID().toString().substring(0, 8));
    topic.ensure(KAFKA.admin());
  }

  @SuppressWarnings("try") // the publishers only need to run meanwhile
  @Test
  void changedStatusIsPublishedAtOnceAndRepublishedOnEveryInterval() {
    StatusBoard board = new StatusBoard();
    board.put(status("kafka.orders", TableState.SCHEDULED, "host-a", 1));
    try (StatusPublisher publisher = StatusPublisher.start(
        board, clients, topic.name(), Clock.systemUTC(), Duration.ofMillis(500))) {
      await()
          .atMost(Duration.ofSeconds(20))
          .untilAsserted(
              () -> assertThat(topic.read(Duration.ofSeconds(10))).containsKey("kafka.orders"));

      board.put(status("kafka.orders", TableState.TIERING, "host-a", 2));

      await()
          .atMost(Duration.ofSeconds(20))
          .untilAsserted(() -> assertThat(topic
                  .read(Duration.ofSeconds(10))
                  .get("kafka.orders")
                  .status()
                  .state())
              .isEqualTo(TableState.TIERING));
      Instant first = topic.read(Duration.ofSeconds(10)).get("kafka.orders").publishedAt();
      await()
          .atMost(Duration.ofSeconds(20))
          .untilAsserted(() -> assertThat(
                  topic.read(Duration.ofSeconds(10)).get("kafka.orders").publishedAt())
              .isAfter(first));
    }
  }

  @SuppressWarnings("try") // the publishers only need to run meanwhile
  @Test
  void tableThatMovedShowsItsNewOwnerEvenWhenTheOldOneWroteLast() {
    StatusBoard oldOwner = new StatusBoard();
    StatusBoard newOwner = new StatusBoard();
    newOwner.put(status("kafka.orders", TableState.SCHEDULED, "host-b", 2L << 32));
    try (StatusPublisher b =
        StatusPublisher.start(newOwner, clients, topic.name(), Clock.systemUTC())) {
      await()
          .atMost(Duration.ofSeconds(20))
          .untilAsserted(
              () -> assertThat(topic.read(Duration.ofSeconds(10))).containsKey("kafka.orders"));
      oldOwner.put(status("kafka.orders", TableState.TIERED, "host-a", (1L << 32) + 5));
      try (StatusPublisher a =
          StatusPublisher.start(oldOwner, clients, topic.name(), Clock.systemUTC())) {
        await()
            .atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(records()).isGreaterThanOrEqualTo(2));
      }

      assertThat(topic.read(Duration.ofSeconds(10)).get("kafka.orders").status().owner())
          .isEqualTo("host-b");
    }
  }

  @Test
  void missingTopicHoldsNoStatuses() {
    assertThat(new StatusTopic(clients, "_status_missing_" + UUID.randomUUID())
            .read(Duration.ofSeconds(10)))
        .isEmpty();
  }

  private long records() {
    return KAFKA.endOffsets(topic.name()).get(0);
  }

  private static TableStatus status(String table, TableState state, String owner, long epoch) {
    return new TableStatus(
        table,
        "orders",
        state,
        owner,
        epoch,
        null,
        null,
        List.of(),
        null,
        null,
        List.of(),
        Instant.now());
  }
}
