package io.mink.query.audit;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.round.PartitionBounds;
import io.mink.indexer.round.TopicBounds;
import io.mink.lake.AcceptedStart;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.history.OffsetRanges;
import io.mink.lake.history.OffsetRanges.Range;
import io.mink.lake.history.TableHistory;
import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadProgress;
import io.mink.query.read.ReadRequest;
import io.mink.query.read.ReadResult;
import io.mink.query.read.UnionRead;
import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.kafka.clients.consumer.Consumer;

/**
 * {@code mink table audit} (docs/operations.md, "Auditing a table"): per Kafka partition, every offset from the
 * table's start to the lake's offset is in a row, in a gap an operator accepted, removed by the row TTL, or known to
 * Kafka as no record. It reads {@code _kafka_partition} and {@code _kafka_offset} of one lake snapshot, the history
 * of that snapshot ({@link TableHistory}), and Kafka only for the offsets left over.
 */
public final class TableAudit {
  /** How many unaccounted offsets the report names exactly. */
  public static final int KEEP = 20;

  private final Table table;
  private final TableDescriptor descriptor;
  private final Consumer<byte[], byte[]> consumer;

  /**
   * @param consumer an assign-and-seek read_committed consumer without a group, such as {@code
   *     clients.rawConsumer("audit", UnionRead.CONSUMER_SETTINGS)}
   */
  public TableAudit(Table table, TableDescriptor descriptor, Consumer<byte[], byte[]> consumer) {
    this.table = requireNonNull(table, "table is null");
    this.descriptor = requireNonNull(descriptor, "descriptor is null");
    this.consumer = requireNonNull(consumer, "consumer is null");
  }

  public AuditReport run() {
    long started = System.nanoTime();
    if (MinkTableLayout.isUpsert(descriptor.options())) {
      throw MinkException.user(
          "Cannot audit " + name() + ": it is an upsert table, which keeps one row per key "
              + "and deletes the rows of replaced keys, so its offsets are not all rows. mink table audit checks "
              + "append tables");
    }
    table.refresh();
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    TableHistory history = TableHistory.of(metadata);
    Long snapshotId =
        metadata.currentSnapshot() == null ? null : metadata.currentSnapshot().snapshotId();
    Map<Integer, PartitionRows> rows = new HashMap<>();
    long read = snapshotId == null ? 0 : readRows(snapshotId, rows);
    Duration lakeRead = Duration.ofNanos(System.nanoTime() - started);
    Map<Integer, PartitionBounds> bounds = TopicBounds.read(consumer, descriptor.topic(), name());
    AcceptedStart accepted = AcceptedStart.fromOptions(descriptor.options());
    KafkaAccounting kafka = new KafkaAccounting(consumer, descriptor.topic(), KEEP);
    List<AuditReport.PartitionAudit> partitions = new ArrayList<>();
    List<AuditReport.UnaccountedOffset> first = new ArrayList<>();
    TreeSet<Integer> all = new TreeSet<>(history.lakeOffsets().nextOffsets().keySet());
    all.addAll(rows.keySet());
    for (int partition : all) {
      PartitionRows partitionRows = rows.getOrDefault(partition, new PartitionRows());
      PartitionBounds bound = bounds.get(partition);
      long logStart = bound == null ? Long.MAX_VALUE : bound.logStart();
      OptionalLong end = history.lakeOffsets().nextOffset(partition);
      Start start = start(partition, accepted, history, partitionRows, logStart);
      long to = end.orElse(start.from());
      PartitionRows.Holes holes = partitionRows.holes(start.from(), Math.max(start.from(), to));
      OffsetAccounting accounting = OffsetAccounting.of(
          holes.ranges(),
          history.acceptedGaps().of(partition),
          history.expired().of(partition));
      KafkaAccounting.Checked checked = kafka.check(partition, accounting.toCheck(), logStart);
      first.addAll(
          checked.first().subList(0, Math.min(checked.first().size(), KEEP - first.size())));
      partitions.add(new AuditReport.PartitionAudit(
          partition,
          start.from(),
          Math.max(start.from(), to),
          start.source(),
          partitionRows.rows(),
          partitionRows.duplicates(),
          partitionRows.distinct() - holes.distinctRows(),
          accounting.inGaps(),
          accounting.expired(),
          checked.notRecords(),
          checked.belowLogStart(),
          checked.inKafka(),
          bound == null ? -1 : bound.logStart()));
    }
    return new AuditReport(
        name(),
        descriptor.topic(),
        snapshotId,
        partitions,
        first,
        history.rawCounts(),
        read,
        lakeRead,
        Duration.ofNanos(System.nanoTime() - started));
  }

  /** Where a partition's audit starts, and why there. */
  record Start(long from, String source) {}

  /**
   * The table's accepted start of the partition; else an attached table's baseline; else where its first round
   * started it (mink-started); else, for a table indexed before rounds recorded that, the first offset known of it:
   * its first row, accepted gap or expired offset, or Kafka's log start, whichever is lowest.
   */
  static Start start(
      int partition,
      AcceptedStart accepted,
      TableHistory history,
      PartitionRows rows,
      long logStart) {
    OptionalLong acceptedFrom = accepted.firstOffset(partition);
    if (acceptedFrom.isPresent()) {
      return new Start(acceptedFrom.getAsLong(), "accepted start");
    }
    Optional<LakeOffsets> baseline = history.attachBaseline();
    if (baseline.isPresent() && baseline.get().nextOffset(partition).isPresent()) {
      return new Start(baseline.get().nextOffset(partition).getAsLong(), "attach baseline");
    }
    OptionalLong started = history.firstOffsets().nextOffset(partition);
    if (started.isPresent()) {
      return new Start(started.getAsLong(), "first round");
    }
    long from = Math.min(rows.first(), logStart);
    from = Math.min(from, firstOf(history.acceptedGaps(), partition));
    from = Math.min(from, firstOf(history.expired(), partition));
    return new Start(from == Long.MAX_VALUE ? 0 : from, "first known offset");
  }

  private static long firstOf(OffsetRanges ranges, int partition) {
    List<Range> list = ranges.of(partition);
    return list.isEmpty() ? Long.MAX_VALUE : list.get(0).from();
  }

  /**
   * Reads the partition and offset of every row of the snapshot into {@code rows}, expired rows the lake still holds
   * included; returns how many.
   */
  private long readRows(long snapshotId, Map<Integer, PartitionRows> rows) {
    ReadRequest request = ReadRequest.of(ReadMode.lake)
        .withColumns(List.of(KafkaColumns.PARTITION, KafkaColumns.OFFSET))
        .withSnapshot(snapshotId);
    Map<String, String> withoutTtl = new HashMap<>(descriptor.options());
    withoutTtl.remove(MinkTableLayout.ROW_TTL_OPTION);
    UnionRead read = new UnionRead(
        table,
        descriptor.withOptions(withoutTtl),
        consumer,
        topic -> {
          throw new IllegalStateException("An audit reads the lake alone, not the topic");
        },
        Optional.empty(),
        ReadProgress.NONE);
    long count = 0;
    try (ReadResult result = read.read(request)) {
      while (result.batches().hasNext()) {
        try (RowBatch batch = result.batches().next()) {
          addRuns((IntVector) batch.column(0), (BigIntVector) batch.column(1), batch.rows(), rows);
          count += batch.rows();
        }
      }
    }
    return count;
  }

  /**
   * Adds a batch's rows by runs: rows of one partition whose offsets follow each other, as a file holds them, go in
   * with one call per run.
   */
  private static void addRuns(
      IntVector partitions, BigIntVector offsets, int count, Map<Integer, PartitionRows> rows) {
    int i = 0;
    while (i < count) {
      int partition = partitions.get(i);
      long from = offsets.get(i);
      int j = i + 1;
      while (j < count && partitions.get(j) == partition && offsets.get(j) == from + (j - i)) {
        j++;
      }
      rows.computeIfAbsent(partition, p -> new PartitionRows()).addRun(from, from + (j - i));
      i = j;
    }
  }

  private String name() {
    return descriptor.qualifiedName();
  }
}
