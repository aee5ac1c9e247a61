package io.mink.indexer.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.maintenance.MaintenanceReport;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecords;
import io.mink.testkit.Warehouse;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.Table;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A table tiered every 300 ms by the service as mink serve runs it, with a snapshot retention of
 * 2 s: the maintenance after its rounds expires snapshots while rounds keep committing (on two
 * workers, so a round may commit while the previous one's maintenance runs), and every offset is
 * still exactly one row.
 */
class SnapshotExpiryIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  private static final int PER_BATCH = 50;

  @Test
  void snapshotsExpireWhileRoundsKeepTheOffsetsChainAndEveryRow() throws InterruptedException {
    String topic = InProcessSidecar.uniqueTopic("expiring");
    KAFKA.createTopic(topic, 3);
    String suffix = UUID.randomUUID().toString().substring(0, 8);

    try (InProcessSidecar sidecar = new InProcessSidecar(
            KAFKA.bootstrapServers(),
            warehouse.lakeSettings(),
            "_tables-" + suffix,
            new TieringSettings(
                2,
                1,
                128L << 20,
                Duration.ofMillis(200),
                Duration.ofSeconds(30),
                Duration.ofSeconds(10),
                "mink-expiry-" + suffix,
                "_owners-" + suffix),
            null)
        .start()) {
      TableDescriptor table =
          sidecar.add(topic, Duration.ofMillis(300), Map.of("snapshot-retention", "2s"));
      Awaitility.await("the sidecar owns the table")
          .atMost(Duration.ofMinutes(1))
          .until(() -> sidecar.tables().contains(table.qualifiedName()));
      int batches = 0;
      long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
      while (expired(sidecar, table).expiredSnapshots() < 3 && System.nanoTime() < deadline) {
        KAFKA.produce(topic, TestRecords.mixed(batches++, PER_BATCH, 3));
        Thread.sleep(150);
      }
      LakeOffsets end = LakeOffsets.of(KAFKA.endOffsets(topic));
      Awaitility.await("the table reaches the end offsets")
          .atMost(Duration.ofMinutes(2))
          .until(() -> sidecar.offsets(table).equals(end));
      MaintenanceReport maintenance = expired(sidecar, table);
      Table iceberg = sidecar.table(table);

      assertThat(maintenance.expiredSnapshots()).isGreaterThanOrEqualTo(3);
      assertThat(maintenance.failures()).isZero();
      assertThat(MinkSnapshot.newest(iceberg).orElseThrow().offsets()).isEqualTo(end);
      assertThat(sidecar.rows(table))
          .hasSize(batches * PER_BATCH)
          .extracting(InProcessSidecar::offsetKey)
          .doesNotHaveDuplicates();
      System.out.printf(
          "snapshot expiry: %d batches, %d snapshots expired, %d kept, %d files deleted with them%n",
          batches,
          maintenance.expiredSnapshots(),
          iceberg.snapshots().spliterator().getExactSizeIfKnown(),
          maintenance.deletedFiles());
    }
  }

  private static MaintenanceReport expired(InProcessSidecar sidecar, TableDescriptor table) {
    return sidecar
        .service
        .maintenanceCounters()
        .snapshot()
        .getOrDefault(table.qualifiedName(), MaintenanceReport.NOTHING);
  }
}
