package io.mink.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TopicWatchTest {
  private static final Instant ADDED = Instant.parse("2026-11-01T10:00:00Z");
  private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
  private static final TableDescriptor ORDERS = new TableDescriptor(
      "kafka", "orders", "orders", "id-1", Duration.ofMinutes(3), Map.of(), ADDED);

  @Test
  void anIndexingTableWhoseTopicIsThereStaysAsItIs() {
    assertThat(TopicWatch.next(ORDERS, TopicObservation.present("id-1"), NOW)).isEmpty();
  }

  @Test
  void anIndexingTableWhoseTopicIsGoneIsMissing() {
    TableDescriptor next =
        TopicWatch.next(ORDERS, TopicObservation.absent(), NOW).orElseThrow();

    assertThat(next.lifecycle())
        .isEqualTo(new Lifecycle(
            LifecycleState.MISSING, NOW, "topic orders (topic id id-1) no longer exists in Kafka"));
    assertThat(next.withLifecycle(ORDERS.lifecycle())).isEqualTo(ORDERS);
  }

  @Test
  void aMissingTableStaysMissingWhileTheTopicIsGone() {
    TableDescriptor missing =
        TopicWatch.next(ORDERS, TopicObservation.absent(), NOW).orElseThrow();

    assertThat(TopicWatch.next(missing, TopicObservation.absent(), NOW.plusSeconds(5)))
        .isEmpty();
  }

  @Test
  void aMissingTableIsIndexingAgainWhenTheTopicWithItsIdReturns() {
    TableDescriptor missing =
        TopicWatch.next(ORDERS, TopicObservation.absent(), NOW).orElseThrow();

    TableDescriptor back = TopicWatch.next(
            missing, TopicObservation.present("id-1"), NOW.plusSeconds(5))
        .orElseThrow();

    assertThat(back.lifecycle())
        .isEqualTo(Lifecycle.indexing(NOW.plusSeconds(5), "topic orders (topic id id-1) is back"));
  }

  @Test
  void aTopicOfTheSameNameWithAnotherIdReplacesTheTable() {
    TableDescriptor replaced =
        TopicWatch.next(ORDERS, TopicObservation.present("id-2"), NOW).orElseThrow();

    assertThat(replaced.lifecycle())
        .isEqualTo(
            new Lifecycle(
                LifecycleState.REPLACED,
                NOW,
                "topic orders was deleted and created again (topic id id-1 is now id-2): remove the table and add it again"));
    assertThat(replaced.topicId()).isEqualTo("id-1");
    assertThat(TopicWatch.next(replaced, TopicObservation.present("id-2"), NOW.plusSeconds(5)))
        .isEmpty();
    assertThat(TopicWatch.next(replaced, TopicObservation.present("id-3"), NOW.plusSeconds(5)))
        .isEmpty();
  }

  @Test
  void aMissingTableWhoseTopicComesBackWithAnotherIdIsReplaced() {
    TableDescriptor missing =
        TopicWatch.next(ORDERS, TopicObservation.absent(), NOW).orElseThrow();

    assertThat(TopicWatch.next(missing, TopicObservation.present("id-2"), NOW)
            .orElseThrow()
            .state())
        .isEqualTo(LifecycleState.REPLACED);
  }

  @Test
  void aReplacedTableWhoseReplacementIsDeletedIsMissing() {
    TableDescriptor replaced =
        TopicWatch.next(ORDERS, TopicObservation.present("id-2"), NOW).orElseThrow();

    TableDescriptor missing =
        TopicWatch.next(replaced, TopicObservation.absent(), NOW).orElseThrow();

    assertThat(missing.lifecycle().reason())
        .isEqualTo(
            "topic orders (topic id id-1, and the topic that replaced it) no longer exists in Kafka");
  }

  @Test
  void aReplacedTableIsIndexingAgainWhenItsOwnTopicIsThere() {
    TableDescriptor replaced =
        TopicWatch.next(ORDERS, TopicObservation.present("id-2"), NOW).orElseThrow();

    assertThat(TopicWatch.next(replaced, TopicObservation.present("id-1"), NOW)
            .orElseThrow()
            .state())
        .isEqualTo(LifecycleState.INDEXING);
  }

  @Test
  void aRemovingTableIsLeftToItsRemoval() {
    TableDescriptor removing =
        ORDERS.withLifecycle(new Lifecycle(LifecycleState.REMOVING, NOW, "removed"));

    assertThat(TopicWatch.next(removing, TopicObservation.absent(), NOW)).isEmpty();
    assertThat(TopicWatch.next(removing, TopicObservation.present("id-2"), NOW)).isEmpty();
  }

  @Test
  void aTableRecordedWithoutATopicIdTakesTheTopicsId() {
    TableDescriptor unknownId = ORDERS.withTopicId(null);

    assertThat(TopicWatch.next(unknownId, TopicObservation.present("id-9"), NOW))
        .contains(ORDERS.withTopicId("id-9"));
  }
}
