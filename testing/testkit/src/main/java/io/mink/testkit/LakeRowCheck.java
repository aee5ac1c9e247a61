package io.mink.testkit;

import io.mink.schema.KafkaColumns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * Reads a table back with Iceberg's generic reader (only the partition and offset columns) and checks that it
 * holds exactly one row for every offset below the topic's end offsets: none lost, none twice, none beyond.
 * For topics without transactions, where every offset is a record.
 */
public final class LakeRowCheck {
  private LakeRowCheck() {}

  /** Returns the rows read; throws with the first wrong row or the count that is off. */
  public static long verify(Table table, String topic, Map<Integer, Long> ends) {
    Map<Integer, BitSet> seen = new HashMap<>();
    long rows = 0;
    try (CloseableIterable<Record> records = IcebergGenerics.read(table)
        .select(KafkaColumns.PARTITION, KafkaColumns.OFFSET)
        .build()) {
      for (Record record : records) {
        int partition = (Integer) record.getField(KafkaColumns.PARTITION);
        long offset = (Long) record.getField(KafkaColumns.OFFSET);
        Long end = ends.get(partition);
        if (end == null || offset < 0 || offset >= end) {
          throw new IllegalStateException(
              "Table " + table.name() + " holds a row for partition " + partition + " offset "
                  + offset + ", beyond topic " + topic + "'s end offsets " + ends);
        }
        BitSet offsets = seen.computeIfAbsent(partition, p -> new BitSet(Math.toIntExact(end)));
        if (offsets.get((int) offset)) {
          throw new IllegalStateException("Table " + table.name() + " holds partition " + partition
              + " offset " + offset + " of topic " + topic + " twice: Mink indexed a record twice");
        }
        offsets.set((int) offset);
        rows++;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read table " + table.name() + " back", e);
    }
    long expected = ends.values().stream().mapToLong(Long::longValue).sum();
    if (rows != expected) {
      throw new IllegalStateException(
          "Table " + table.name() + " holds " + rows + " rows for the " + expected
              + " records of topic " + topic + ": Mink lost " + (expected - rows) + " records");
    }
    return rows;
  }
}
