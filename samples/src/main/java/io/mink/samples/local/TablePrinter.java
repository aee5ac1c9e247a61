package io.mink.samples.local;

import io.mink.lake.MinkSnapshot;
import io.mink.lake.catalog.LakeSettings;
import io.mink.schema.KafkaColumns;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;

/** Prints an Iceberg table of the lake: its snapshot, columns and some rows, read with Iceberg's generic reader. */
public final class TablePrinter {
  private final PrintWriter out;

  public TablePrinter(PrintWriter out) {
    this.out = out;
  }

  /** A table of raw records: its newest snapshot, all its columns and its first five rows. */
  public void printRaw(Table table, LakeSettings lake) {
    List<Record> rows = rows(table);
    Snapshot snapshot = table.currentSnapshot();
    out.println();
    out.println(
        "== Table " + table.name() + " (" + lake.catalog() + " catalog " + lake.uri() + ")");
    out.printf("   rows:      %,d%n", rows.size());
    out.println("   snapshot:  " + snapshot.snapshotId() + " (sequence " + snapshot.sequenceNumber()
        + ", " + snapshot.operation() + ")");
    out.println(
        "   summary:   commit-user=" + snapshot.summary().get(MinkSnapshot.COMMIT_USER_PROPERTY)
            + " mink-offsets=" + snapshot.summary().get(MinkSnapshot.OFFSETS_PROPERTY)
            + " added-files=" + snapshot.summary().get("added-data-files"));
    out.println("   schema:");
    table.schema().columns().forEach(column -> out.println("     " + column));
    out.println("   first rows:");
    for (Record record : rows.subList(0, Math.min(5, rows.size()))) {
      out.printf(
          "     partition=%s offset=%s timestamp=%s key=%s headers=%d value=%s%n",
          record.getField(KafkaColumns.PARTITION),
          record.getField(KafkaColumns.OFFSET),
          record.getField(KafkaColumns.TIMESTAMP),
          text(record.getField(KafkaColumns.KEY)),
          ((List<?>) record.getField(KafkaColumns.HEADERS)).size(),
          text(record.getField(KafkaColumns.VALUE)));
    }
    out.println();
  }

  /**
   * A table with typed columns: how many rows and how many of their keys and values were decoded, the columns after
   * the six {@code _kafka_*} ones with their Iceberg types, and the first row of each Kafka partition.
   */
  public void printTyped(Table table, String title, IntFunction<String> partitionLabel) {
    List<Record> rows = rows(table);
    long decodedValues =
        rows.stream().filter(row -> row.getField(KafkaColumns.VALUE) == null).count();
    long decodedKeys =
        rows.stream().filter(row -> row.getField(KafkaColumns.KEY) == null).count();
    out.println();
    out.println("== Table " + table.name() + ": " + title);
    out.printf(
        "   rows: %d; values decoded: %d, keys decoded: %d%n",
        rows.size(), decodedValues, decodedKeys);
    out.println("   columns after the six _kafka_* ones:");
    List<Types.NestedField> typed = typedColumns(table);
    int width = typed.stream().mapToInt(field -> field.name().length()).max().orElse(0);
    for (Types.NestedField field : typed) {
      out.printf("     %-" + width + "s  %s%n", field.name(), IcebergText.type(field.type()));
    }
    out.println("   the first row of each partition:");
    Map<Integer, Record> firsts = new TreeMap<>();
    rows.forEach(row -> firsts.putIfAbsent((Integer) row.getField(KafkaColumns.PARTITION), row));
    firsts.forEach((partition, row) -> {
      out.printf(
          "     partition %d (%s), offset %s:%n",
          partition, partitionLabel.apply(partition), row.getField(KafkaColumns.OFFSET));
      List<String> values = new ArrayList<>();
      typed.forEach(
          field -> values.add(field.name() + "=" + IcebergText.value(row.getField(field.name()))));
      out.println("       " + String.join(" ", values));
    });
  }

  /** The columns after the six {@code _kafka_*} ones, in table order. */
  public static List<Types.NestedField> typedColumns(Table table) {
    return table.schema().columns().stream()
        .filter(field -> KafkaColumns.SCHEMA.findField(field.name()) == null)
        .toList();
  }

  /** Every row of the table, ordered by partition and offset. */
  public static List<Record> rows(Table table) {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      records.forEach(record -> rows.add(record.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read table " + table.name(), e);
    }
    rows.sort((a, b) -> {
      int byPartition = Integer.compare((Integer) a.getField(KafkaColumns.PARTITION), (Integer)
          b.getField(KafkaColumns.PARTITION));
      return byPartition != 0
          ? byPartition
          : Long.compare(
              (Long) a.getField(KafkaColumns.OFFSET), (Long) b.getField(KafkaColumns.OFFSET));
    });
    return rows;
  }

  private static String text(Object bytes) {
    return bytes == null ? "null" : IcebergText.bytesAsText((ByteBuffer) bytes);
  }
}
