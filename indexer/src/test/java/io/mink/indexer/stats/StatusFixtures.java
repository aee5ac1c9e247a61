package io.mink.indexer.stats;

import io.mink.lake.maintenance.MaintenanceReport;
import io.mink.tables.LifecycleState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Statuses as a scheduler would put them on the board, at fixed times. */
final class StatusFixtures {
  static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");
  static final String OWNER = "host-a:4242:ab12cd";

  private StatusFixtures() {}

  /** kafka.orders: fresh every 3 m, tiered 12 s ago, due in 2 m, two partitions, a committed round with raw values. */
  static TableStatus orders() {
    return new TableStatus(
        "kafka.orders",
        "orders",
        TableState.TIERED,
        OWNER,
        (3L << 32) + 7,
        NOW.minusSeconds(12),
        NOW.plusSeconds(120),
        List.of(
            new PartitionLag(0, 1200, 1300, Duration.ofMillis(5_250)),
            new PartitionLag(1, 800, 800, Duration.ZERO)),
        new RoundSummary(
            NOW.minusSeconds(12),
            true,
            1000,
            1000,
            2_202_009,
            2,
            Duration.ofMillis(1_200),
            false,
            Map.of("value.undecodable-bytes", 12L, "key.no-schema-id", 3L)),
        null,
        List.of(),
        NOW.minusSeconds(12),
        null,
        Duration.ofMinutes(3));
  }

  /** kafka.events: stopped by a gap, never tiered by this owner, lag and freshness unknown. */
  static TableStatus events() {
    return new TableStatus(
        "kafka.events",
        "events",
        TableState.FAILED,
        OWNER,
        4L << 32,
        null,
        null,
        List.of(new PartitionLag(0, 0, 500, null)),
        null,
        "Records [0, 200) of partition 0 of topic events were deleted by Kafka before they were indexed",
        List.of(new TableStatus.Gap(0, 0, 200)),
        NOW.minusSeconds(3));
  }

  /**
   * What an instance that owns {@link #orders()} and {@link #events()} shows, with a sample in every metric family:
   * the probe's lag, counts of rounds and raw parts, maintenance and a heap limit.
   */
  static MetricsSnapshot boardOfTwoTables() {
    return new MetricsSnapshot(
        List.of(orders(), events()),
        Map.of(
            "kafka.orders",
            List.of(
                new PartitionLag(0, 1200, 1350, Duration.ofSeconds(9)),
                new PartitionLag(1, 800, 800, Duration.ZERO))),
        Map.of(
            "kafka.orders",
            new RoundCounters.Counts(
                5,
                1,
                4300,
                4200,
                9_000_000,
                Map.of("value.undecodable-bytes", 12L, "key.no-schema-id", 3L))),
        true,
        104_857_600,
        1_073_741_824,
        Map.of(LifecycleState.INDEXING, 2, LifecycleState.MISSING, 1, LifecycleState.REPLACED, 1),
        Map.of("kafka.orders", new MaintenanceReport(40, 12, 2, 1)));
  }
}
