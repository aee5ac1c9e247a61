package io.mink.bench.commits;

import static java.util.Objects.requireNonNull;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.lake.commit.RoundCommit;
import io.mink.lake.maintenance.MaintenanceReport;
import io.mink.lake.maintenance.TableMaintenance;
import io.mink.lake.write.PartitionFileWriter;
import io.mink.lake.write.batch.BatchRow;
import io.mink.schema.KafkaColumns;
import io.mink.schema.table.RowAssembler;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.FileWriterFactory;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Small rounds committed one after the other to one table through Mink's commit path
 * ({@link LakeCommitter}, compare-and-set on the offsets), each followed by the sidecar's
 * maintenance when there is one, measured at checkpoints.
 */
final class CommitSeries {
  private static final long TARGET_FILE_SIZE = 128L << 20;
  private static final int WINDOW = 100;

  /**
   * The figures at one round: commit and maintenance times over the last {@value #WINDOW} rounds
   * (or all of them, before that), and the table's metadata as it stands.
   */
  record Checkpoint(
      int round,
      double commitP50Ms,
      double commitP99Ms,
      double maintenanceP50Ms,
      double maintenanceP99Ms,
      TableFootprint footprint) {}

  private final Table table;
  private final int partitions;
  private final int rowsPerPartition;
  private final Optional<TableMaintenance> maintenance;
  private final Duration freshness;
  private final LakeCommitter committer = new LakeCommitter(CommitHook.NONE);
  private final List<Long> commitNanos = new ArrayList<>();
  private final List<Long> maintenanceNanos = new ArrayList<>();
  private MaintenanceReport maintained = MaintenanceReport.NOTHING;

  /**
   * @param maintenance runs after each commit as the sidecar runs it; empty for none
   * @param freshness the freshness the maintenance is told the table has
   */
  CommitSeries(
      Table table,
      int partitions,
      int rowsPerPartition,
      Optional<TableMaintenance> maintenance,
      Duration freshness) {
    this.table = requireNonNull(table, "table is null");
    this.partitions = partitions;
    this.rowsPerPartition = rowsPerPartition;
    this.maintenance = requireNonNull(maintenance, "maintenance is null");
    this.freshness = requireNonNull(freshness, "freshness is null");
  }

  /** Commits {@code rounds} rounds and hands each checkpoint on as it is reached. */
  void run(int rounds, Set<Integer> checkpoints, Consumer<Checkpoint> reached) {
    FileWriterFactory<BatchRow> factory = PartitionFileWriter.writerFactory(table);
    RowAssembler rows = new RowAssembler(KafkaColumns.SCHEMA);
    LakeOffsets offsets = LakeOffsets.NONE;
    for (int round = 1; round <= rounds; round++) {
      RoundCommit commit = round(offsets, factory, rows);
      long started = System.nanoTime();
      offsets = committer.commit(table, commit).offsets();
      long committed = System.nanoTime();
      maintenance.ifPresent(m -> maintained = maintained.plus(m.afterCommit(table, freshness)));
      commitNanos.add(committed - started);
      maintenanceNanos.add(System.nanoTime() - committed);
      if (checkpoints.contains(round)) {
        reached.accept(checkpoint(round));
      }
    }
    if (!offsets.equals(MinkSnapshot.newest(table).orElseThrow().offsets())) {
      throw new IllegalStateException("The newest Mink snapshot of " + table.name()
          + " does not carry the offsets of the last round, " + offsets);
    }
  }

  /** What the maintenance did over the whole series. */
  MaintenanceReport maintained() {
    return maintained;
  }

  private Checkpoint checkpoint(int round) {
    int from = Math.max(0, round - WINDOW);
    return new Checkpoint(
        round,
        percentileMs(commitNanos.subList(from, round), 0.5),
        percentileMs(commitNanos.subList(from, round), 0.99),
        percentileMs(maintenanceNanos.subList(from, round), 0.5),
        percentileMs(maintenanceNanos.subList(from, round), 0.99),
        TableFootprint.of(table));
  }

  /** One round: a small file per partition, from the offsets the last round ended at. */
  private RoundCommit round(
      LakeOffsets start, FileWriterFactory<BatchRow> factory, RowAssembler rows) {
    String roundId = UUID.randomUUID().toString();
    List<DataFile> files = new ArrayList<>();
    Map<Integer, Long> next = new HashMap<>();
    for (int partition = 0; partition < partitions; partition++) {
      long from = start.nextOffset(partition).orElse(0);
      try (PartitionFileWriter writer =
          PartitionFileWriter.open(table, factory, roundId, partition, TARGET_FILE_SIZE)) {
        List<Record> batch = new ArrayList<>();
        for (long offset = from; offset < from + rowsPerPartition; offset++) {
          batch.add(rows.rawRow(new ConsumerRecord<>(
              "bench", partition, offset, longBytes(offset), valueBytes(offset))));
        }
        writer.write(batch);
        files.addAll(writer.complete());
      }
      next.put(partition, from + rowsPerPartition);
    }
    return new RoundCommit(roundId, start, start.advancedTo(next), files, Map.of());
  }

  private static byte[] longBytes(long value) {
    return Long.toString(value).getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] valueBytes(long offset) {
    byte[] value = new byte[100];
    Arrays.fill(value, (byte) ('a' + offset % 26));
    return value;
  }

  private static double percentileMs(List<Long> nanos, double quantile) {
    List<Long> sorted = new ArrayList<>(nanos);
    sorted.sort(null);
    int index = (int) Math.ceil(quantile * sorted.size()) - 1;
    return sorted.get(Math.max(0, index)) / 1e6;
  }
}
