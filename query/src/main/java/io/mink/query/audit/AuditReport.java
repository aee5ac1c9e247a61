package io.mink.query.audit;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What {@code mink table audit} found (docs/operations.md, "Auditing a table"): per Kafka partition, how every
 * offset from the table's start to the lake's offset is accounted for, the first unaccounted offsets exactly, and
 * the parts rounds left raw by reason.
 *
 * @param snapshotId the lake snapshot audited
 * @param rows the rows read: {@code _kafka_partition} and {@code _kafka_offset} of every row of the snapshot
 * @param firstUnaccounted the first unaccounted offsets, by partition then offset, at most {@link TableAudit#KEEP}
 * @param rawCounts parts left raw, by part and reason (such as value.undecodable-bytes), over every round recorded
 * @param lakeRead how long reading the rows took
 * @param elapsed how long the whole audit took
 */
public record AuditReport(
    String table,
    String topic,
    Long snapshotId,
    List<PartitionAudit> partitions,
    List<UnaccountedOffset> firstUnaccounted,
    SortedMap<String, Long> rawCounts,
    long rows,
    Duration lakeRead,
    Duration elapsed) {
  public AuditReport {
    requireNonNull(table, "table is null");
    requireNonNull(topic, "topic is null");
    partitions = List.copyOf(partitions);
    firstUnaccounted = List.copyOf(firstUnaccounted);
    rawCounts = Collections.unmodifiableSortedMap(new TreeMap<>(rawCounts));
    requireNonNull(lakeRead, "lakeRead is null");
    requireNonNull(elapsed, "elapsed is null");
  }

  /** Whether every offset of every partition is accounted for. */
  public boolean accounted() {
    return unaccounted() == 0;
  }

  public long unaccounted() {
    return partitions.stream().mapToLong(PartitionAudit::unaccounted).sum();
  }

  /** Rows per second of the lake read. */
  public double rowsPerSecond() {
    return rows / Math.max(1e-9, lakeRead.toNanos() / 1e9);
  }

  /** An offset no row, gap, expiry or Kafka accounts for. */
  public record UnaccountedOffset(int partition, long offset, String why) {}

  /**
   * One partition's account of {@code [from, to)}.
   *
   * @param start where {@code from} comes from: accepted start, attach baseline or first known offset
   * @param rows rows of the partition in the snapshot, duplicates included
   * @param duplicates rows whose offset another row has too
   * @param rowsOutside distinct offsets with a row outside {@code [from, to)}: below an attached table's baseline,
   *     another writer's, or past the lake's offset
   * @param inGaps offsets without a row in a gap an operator accepted
   * @param expired offsets without a row that the row TTL removed
   * @param notRecords offsets Kafka skips: transaction markers, aborted records, records compaction removed
   * @param belowLogStart offsets without a row that Kafka deleted: unaccounted
   * @param inKafka records Kafka holds that the lake lacks: unaccounted
   * @param logStart Kafka's log start of the partition during the audit
   */
  public record PartitionAudit(
      int partition,
      long from,
      long to,
      String start,
      long rows,
      long duplicates,
      long rowsOutside,
      long inGaps,
      long expired,
      long notRecords,
      long belowLogStart,
      long inKafka,
      long logStart) {
    public long unaccounted() {
      return belowLogStart + inKafka;
    }
  }
}
