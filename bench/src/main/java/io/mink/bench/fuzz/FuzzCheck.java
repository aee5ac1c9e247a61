package io.mink.bench.fuzz;

import io.mink.lake.MinkSnapshot;
import io.mink.schema.KafkaColumns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * Reads the fuzzed table back and checks every row against the record generated again for its offset: one row per
 * offset; a key or value the lake holds raw is the produced bytes exactly; a null one was null in Kafka or decoded;
 * every valid record decoded to its order; the headers are all there. Counts the raw parts per reason from the Mink
 * snapshots' summaries.
 */
final class FuzzCheck {
  private static final int SHOWN_PROBLEMS = 10;

  /**
   * What the check found.
   *
   * @param rows the rows read
   * @param decodedByKind per kind, how many values decoded (kept no raw bytes)
   * @param rawByKind per kind, how many values the lake holds raw
   * @param reasons the raw parts per reason, summed over the Mink snapshots
   * @param problems the first rows that were wrong, described; empty when every row was right
   * @param problemCount how many rows were wrong
   */
  record Result(
      long rows,
      Map<FuzzKind, Long> decodedByKind,
      Map<FuzzKind, Long> rawByKind,
      Map<String, Long> reasons,
      List<String> problems,
      long problemCount) {}

  private final FuzzRecords records;
  private final int partitions;
  private final long produced;
  private final BitSet seen = new BitSet();
  private final Map<FuzzKind, Long> decoded = new EnumMap<>(FuzzKind.class);
  private final Map<FuzzKind, Long> raw = new EnumMap<>(FuzzKind.class);
  private final List<String> problems = new ArrayList<>();
  private long problemCount;

  private FuzzCheck(FuzzRecords records, int partitions, long produced) {
    this.records = records;
    this.partitions = partitions;
    this.produced = produced;
  }

  static Result verify(Table table, FuzzRecords records, int partitions, long produced) {
    FuzzCheck check = new FuzzCheck(records, partitions, produced);
    long rows = 0;
    try (CloseableIterable<Record> read = IcebergGenerics.read(table)
        .select(
            KafkaColumns.PARTITION,
            KafkaColumns.OFFSET,
            KafkaColumns.KEY,
            KafkaColumns.VALUE,
            KafkaColumns.HEADERS,
            "id")
        .build()) {
      for (Record row : read) {
        check.row(row);
        rows++;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read table " + table.name() + " back", e);
    }
    long missing = produced - check.seen.cardinality();
    if (missing > 0) {
      check.problem(
          missing + " records have no row; the first is record " + check.seen.nextClearBit(0));
    }
    return new Result(
        rows, check.decoded, check.raw, reasons(table), check.problems, check.problemCount);
  }

  private void row(Record row) {
    int partition = (Integer) row.getField(KafkaColumns.PARTITION);
    long offset = (Long) row.getField(KafkaColumns.OFFSET);
    long index = offset * partitions + partition;
    String at = "partition " + partition + " offset " + offset + " (record " + index + ")";
    if (index >= produced || seen.get((int) index)) {
      problem(at + ": " + (index >= produced ? "beyond what was produced" : "a second row"));
      return;
    }
    seen.set((int) index);
    FuzzRecord record = records.generate(index);
    ByteBuffer value = (ByteBuffer) row.getField(KafkaColumns.VALUE);
    ByteBuffer key = (ByteBuffer) row.getField(KafkaColumns.KEY);
    if (!sameOrDecoded(value, record.value()) || !sameOrDecoded(key, record.key())) {
      problem(at + ": the raw " + (sameOrDecoded(key, record.key()) ? "value" : "key")
          + " is not the produced bytes (" + record.kind() + ")");
    }
    boolean valueDecoded = value == null && record.value() != null;
    (valueDecoded ? decoded : raw).merge(record.kind(), 1L, Long::sum);
    Object id = row.getField("id");
    if (record.kind() == FuzzKind.VALID
        && (!valueDecoded || !(id instanceof Number n) || n.longValue() != record.orderId())) {
      problem(at + ": a valid " + record.language() + " record in the " + record.wire()
          + " format was not decoded to order " + record.orderId() + " (id " + id + ")");
    }
    List<?> headers = (List<?>) row.getField(KafkaColumns.HEADERS);
    int headerCount = headers == null ? 0 : headers.size();
    if (headerCount != record.headers().size()) {
      problem(at + ": " + headerCount + " headers, not " + record.headers().size());
    }
  }

  /** Whether the lake's raw bytes are the produced ones, or null because the part was null or decoded. */
  private static boolean sameOrDecoded(ByteBuffer lake, byte[] produced) {
    if (lake == null) {
      return true;
    }
    if (produced == null) {
      return false;
    }
    byte[] bytes = new byte[lake.remaining()];
    lake.duplicate().get(bytes);
    return Arrays.equals(bytes, produced);
  }

  private void problem(String what) {
    problemCount++;
    if (problems.size() < SHOWN_PROBLEMS) {
      problems.add(what);
    }
  }

  private static Map<String, Long> reasons(Table table) {
    Map<String, Long> reasons = new TreeMap<>();
    for (Snapshot snapshot : table.snapshots()) {
      snapshot.summary().forEach((property, count) -> {
        if (property.startsWith(MinkSnapshot.RAW_PROPERTY_PREFIX)) {
          reasons.merge(
              property.substring(MinkSnapshot.RAW_PROPERTY_PREFIX.length()),
              Long.parseLong(count),
              Long::sum);
        }
      });
    }
    return reasons;
  }
}
