package io.mink.query.read;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.batch.RowBatch;
import io.mink.testkit.Warehouse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.ToLongBiFunction;
import java.util.function.ToLongFunction;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IdentityPartitionConverters;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.CloseableIterator;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.PartitionUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Rows per second of the two ways to read a lake file into batches: Iceberg's row reader with a batch built of
 * each 8192 records (as {@link LakeScan} reads), and {@link VectorizedFileReader}. A measurement to run by hand, not
 * a test of speed: {@code mvn -o -q test -pl query -am -Dtest=VectorizedReadMeasurement
 * -Dsurefire.failIfNoSpecifiedTests=false}; it prints to {@code target/surefire-reports/*-output.txt}.
 *
 * <p>A file of {@value #ROWS} rows of a long, an int, a timestamptz, a string, a binary and a double, written by
 * Iceberg's generic writer with the default properties, is read {@value #RUNS} times each way, alternately; the
 * best run counts. Twice: with strings that repeat (a thousand keys: dictionary pages) and with unique ones.
 */
class VectorizedReadMeasurement {
  private static final int ROWS = 2_000_000;
  private static final int RUNS = 5;
  private static final int BATCH_SIZE = ReadRequest.DEFAULT_BATCH_SIZE;
  private static final Schema SCHEMA = new Schema(
      required(1, "offset", Types.LongType.get()),
      optional(2, "quantity", Types.IntegerType.get()),
      optional(3, "at", Types.TimestampType.withZone()),
      optional(4, "key", Types.StringType.get()),
      optional(5, "payload", Types.BinaryType.get()),
      optional(6, "price", Types.DoubleType.get()));
  private static final OffsetDateTime START =
      OffsetDateTime.of(2025, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void rowsPerSecondOfBothReads() {
    ((SupportsNamespaces) warehouse.catalog()).createNamespace(Namespace.of("lake"));
    measure("repeated_keys", 1_000);
    measure("unique_keys", Long.MAX_VALUE);
  }

  private void measure(String name, long distinctKeys) {
    Table table = warehouse
        .catalog()
        .createTable(
            TableIdentifier.of("lake", name), SCHEMA, PartitionSpec.unpartitioned(), Map.of());
    LakeReads.append(table, 0, ROWS, r -> row(r, distinctKeys));
    FileScanTask task = LakeReads.onlyTask(table.newScan());
    long rowNanos = Long.MAX_VALUE;
    long vectorizedNanos = Long.MAX_VALUE;
    for (int run = 0; run < RUNS; run++) {
      rowNanos = Math.min(rowNanos, timed(this::rowRead, table, task));
      vectorizedNanos = Math.min(vectorizedNanos, timed(this::vectorizedRead, table, task));
    }
    System.out.printf(
        "%s: %,d rows, %,d bytes, %d row groups; row reader %,.0f rows/s, vectorized %,.0f rows/s (%.1fx)%n",
        name,
        ROWS,
        task.file().fileSizeInBytes(),
        task.file().splitOffsets().size(),
        ROWS * 1e9 / rowNanos,
        ROWS * 1e9 / vectorizedNanos,
        (double) rowNanos / vectorizedNanos);
  }

  private static long timed(
      ToLongBiFunction<Table, FileScanTask> read, Table table, FileScanTask task) {
    long start = System.nanoTime();
    long rows = read.applyAsLong(table, task);
    long nanos = System.nanoTime() - start;
    assertThat(rows).isEqualTo(ROWS);
    return nanos;
  }

  private long rowRead(Table table, FileScanTask task) {
    long rows = 0;
    try (CloseableIterable<Record> records = Parquet.read(
                table.io().newInputFile(task.file().location()))
            .project(SCHEMA)
            .split(task.start(), task.length())
            .filter(task.residual())
            .caseSensitive(false)
            .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(
                SCHEMA,
                fileSchema,
                PartitionUtil.constantsMap(task, IdentityPartitionConverters::convertConstant)))
            .build();
        CloseableIterator<Record> iterator = records.iterator()) {
      List<Record> batch = new ArrayList<>(BATCH_SIZE);
      while (iterator.hasNext()) {
        batch.add(iterator.next());
        if (batch.size() == BATCH_SIZE || !iterator.hasNext()) {
          rows += closed(RowBatch.of(SCHEMA, batch), RowBatch::rows);
          batch.clear();
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  private long vectorizedRead(Table table, FileScanTask task) {
    long rows = 0;
    try (CloseableIterator<RowBatch> batches =
        VectorizedFileReader.open(table.io(), task, SCHEMA, BATCH_SIZE)) {
      while (batches.hasNext()) {
        rows += closed(batches.next(), RowBatch::rows);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  private static long closed(RowBatch batch, ToLongFunction<RowBatch> use) {
    try (batch) {
      return use.applyAsLong(batch);
    }
  }

  private static Record row(long r, long distinctKeys) {
    SplittableRandom random = new SplittableRandom(r);
    byte[] payload = new byte[16 + random.nextInt(48)];
    random.nextBytes(payload);
    GenericRecord row = GenericRecord.create(SCHEMA);
    row.setField("offset", r);
    row.setField("quantity", random.nextInt(10) == 0 ? null : random.nextInt(1_000));
    row.setField("at", START.plus(r * 1_337, ChronoUnit.MICROS));
    row.setField("key", "customer-" + (distinctKeys == Long.MAX_VALUE ? r : r % distinctKeys));
    row.setField("payload", ByteBuffer.wrap(payload));
    row.setField("price", random.nextDouble() * 100);
    return row;
  }
}
