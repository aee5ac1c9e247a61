package io.mink.testkit;

import io.mink.schema.KafkaColumns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.UUID;
import java.util.function.LongFunction;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;

/** Data files written as any Iceberg writer writes them, for tests of tables that Mink did not write (attach). */
public final class PlainDataFiles {
  private PlainDataFiles() {}

  /** Appends the partition's offsets {@code from} to {@code to} (exclusive) as {@link #row} rows. */
  public static void append(Table table, int partition, long from, long to) {
    append(table, partition, from, to, offset -> row(table.schema(), partition, offset));
  }

  /**
   * Appends one Parquet file of the rows of the partition's offsets {@code from} to {@code to} (exclusive), made by
   * {@code rowOfOffset}: a plain append, with no Mink summary.
   */
  public static void append(
      Table table, int partition, long from, long to, LongFunction<Record> rowOfOffset) {
    table.refresh();
    GenericFileWriterFactory factory = new GenericFileWriterFactory.Builder(table)
        .dataFileFormat(FileFormat.PARQUET)
        .build();
    OutputFileFactory files = OutputFileFactory.builderFor(table, partition, 1)
        .format(FileFormat.PARQUET)
        .operationId(UUID.randomUUID().toString())
        .build();
    PartitionKey key = new PartitionKey(table.spec(), table.schema());
    key.partition(row(table.schema(), partition, from));
    DataWriter<Record> writer =
        factory.newDataWriter(files.newOutputFile(table.spec(), key), table.spec(), key);
    try (writer) {
      for (long offset = from; offset < to; offset++) {
        writer.write(rowOfOffset.apply(offset));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write a data file of " + table.name(), e);
    }
    table.newAppend().appendFile(writer.toDataFile()).commit();
  }

  /** A row of the partition and offset with no headers and, when the table has a note column, the note "plain". */
  public static Record row(Schema schema, int partition, long offset) {
    GenericRecord row = GenericRecord.create(schema);
    row.setField(KafkaColumns.PARTITION, partition);
    row.setField(KafkaColumns.OFFSET, offset);
    row.setField(KafkaColumns.HEADERS, List.of());
    if (schema.findField("note") != null) {
      row.setField("note", "plain");
    }
    return row;
  }
}
