package io.mink.indexer.stats;

import static io.mink.indexer.stats.StatusFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import org.junit.jupiter.api.Test;

class LifecycleTextTest {
  @Test
  void aStateIsDescribedWithSinceWhenWhyAndWhatToDo() {
    assertThat(LifecycleText.describe(
            new Lifecycle(
                LifecycleState.MISSING,
                NOW.minusSeconds(180),
                "topic orders (topic id abc) no longer exists in Kafka"),
            NOW))
        .isEqualTo(
            "missing since 3m ago: topic orders (topic id abc) no longer exists in Kafka; indexing goes on "
                + "when the topic is back");
    assertThat(LifecycleText.describe(
            new Lifecycle(
                LifecycleState.REMOVING,
                NOW.minusSeconds(5),
                "removed by mink table remove (ops@host-a)"),
            NOW))
        .isEqualTo(
            "removing since 5s ago: removed by mink table remove (ops@host-a); the Iceberg table is deleted "
                + "once no instance owns the table, then the entry is gone");
  }

  @Test
  void aReplacedTablesReasonSaysWhatToDoItselfAndIndexingNeedsNothing() {
    assertThat(LifecycleText.advice(LifecycleState.REPLACED)).isEmpty();
    assertThat(LifecycleText.advice(LifecycleState.INDEXING)).isEmpty();
  }
}
