package io.mink.indexer.stats;

import static io.mink.indexer.stats.StatusFixtures.NOW;
import static io.mink.indexer.stats.StatusFixtures.OWNER;

import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Reports as ClusterStats makes them, at fixed times. */
final class ReportFixtures {
  static final Lifecycle INDEXING = Lifecycle.indexing(NOW.minus(Duration.ofDays(2)), "added");

  private ReportFixtures() {}

  /** A table tiered 12 s ago whose first partition fell 100 records and 5.2 s behind since. */
  static TableReport tiered() {
    return new TableReport(
        "kafka.orders",
        "orders",
        "tiered",
        INDEXING,
        OWNER,
        7L,
        false,
        NOW.minusSeconds(4),
        NOW.minusSeconds(12),
        NOW.plusSeconds(120),
        List.of(
            new PartitionMeasure(0, 1200L, 0, 1300, Duration.ofMillis(5_250)),
            new PartitionMeasure(1, 800L, 0, 800, Duration.ZERO)),
        new RoundSummary(
            NOW.minusSeconds(12),
            true,
            1000,
            1000,
            2_202_009,
            2,
            Duration.ofMillis(1_200),
            false,
            Map.of("value.undecodable-bytes", 12L)),
        List.of(),
        List.of(),
        List.of());
  }

  /** A table nobody owns yet: never tiered, everything Kafka has is lag. */
  static TableReport unowned() {
    return new TableReport(
        "kafka.payments",
        "payments",
        TableReport.UNOWNED,
        INDEXING,
        null,
        null,
        false,
        null,
        null,
        null,
        List.of(new PartitionMeasure(0, null, 0, 30, Duration.ofSeconds(65))),
        null,
        List.of(),
        List.of(),
        List.of());
  }

  /** A failed table of a silent owner, stopped by a gap. */
  static TableReport silentWithGap() {
    return new TableReport(
        "kafka.events",
        "events",
        "failed",
        INDEXING,
        OWNER,
        4L,
        true,
        NOW.minusSeconds(95),
        NOW.minus(Duration.ofHours(2)),
        null,
        List.of(new PartitionMeasure(0, 0L, 200, 500, Duration.ofMinutes(3))),
        null,
        List.of(
            "Records [0, 200) of partition 0 of topic events were deleted by Kafka before they were indexed"),
        List.of(new TableStatus.Gap(0, 0, 200)),
        List.of());
  }

  /** A table whose topic was deleted 3 minutes ago: no lag is measured, its last owner's figures stay. */
  static TableReport missing() {
    return new TableReport(
        "kafka.refunds",
        "refunds",
        "missing",
        new Lifecycle(
            LifecycleState.MISSING,
            NOW.minusSeconds(180),
            "topic refunds no longer exists in Kafka"),
        null,
        null,
        false,
        null,
        NOW.minus(Duration.ofHours(1)),
        null,
        List.of(),
        null,
        List.of(),
        List.of(),
        List.of("Spark cannot read this table: column pickup is of Iceberg type time"));
  }
}
