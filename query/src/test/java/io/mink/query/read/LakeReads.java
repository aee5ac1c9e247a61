package io.mink.query.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.batch.ArrowSchemas;
import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.LongFunction;
import org.apache.arrow.vector.FieldVector;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.IdentityPartitionConverters;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.CloseableIterator;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.util.PartitionUtil;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;

/**
 * Lake files written and read back in tests: a file appended as Iceberg's generic writer writes it, read by
 * Iceberg's row reader as {@link LakeScan} reads it and by {@link VectorizedFileReader}.
 */
final class LakeReads {
  /** What a vectorized read returned: its rows and the size of each batch. */
  record Vectorized(List<Record> rows, List<Integer> batchRows) {}

  private LakeReads() {}

  /** Appends one Parquet data file of the rows {@code rowOf} makes of {@code from} to {@code to} (exclusive). */
  static DataFile append(Table table, long from, long to, LongFunction<Record> rowOf) {
    DataFile file = write(table, from, to, rowOf);
    table.newAppend().appendFile(file).commit();
    return file;
  }

  /** Writes one Parquet data file of the rows {@code rowOf} makes of {@code from} to {@code to}, uncommitted. */
  static DataFile write(Table table, long from, long to, LongFunction<Record> rowOf) {
    table.refresh();
    GenericFileWriterFactory writers = new GenericFileWriterFactory.Builder(table)
        .dataFileFormat(FileFormat.PARQUET)
        .build();
    OutputFileFactory files = OutputFileFactory.builderFor(table, 1, 1)
        .format(FileFormat.PARQUET)
        .operationId(UUID.randomUUID().toString())
        .build();
    PartitionKey key = new PartitionKey(table.spec(), table.schema());
    key.partition(rowOf.apply(from));
    DataWriter<Record> writer =
        writers.newDataWriter(files.newOutputFile(table.spec(), key), table.spec(), key);
    try (writer) {
      for (long r = from; r < to; r++) {
        writer.write(rowOf.apply(r));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write a data file of " + table.name(), e);
    }
    return writer.toDataFile();
  }

  static List<FileScanTask> tasks(TableScan scan) {
    try (CloseableIterable<FileScanTask> tasks = scan.planFiles()) {
      return toList(tasks);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The scan's one task, of the one file the tests' tables have. */
  static FileScanTask onlyTask(TableScan scan) {
    List<FileScanTask> tasks = tasks(scan);
    assertThat(tasks).hasSize(1);
    return tasks.get(0);
  }

  /** The task's rows as Iceberg's row reader reads them, through a batch so that values compare alike. */
  static List<Record> rowRead(FileIO io, FileScanTask task, Schema projection) {
    List<Record> rows;
    try (CloseableIterable<Record> records = Parquet.read(
            io.newInputFile(task.file().location()))
        .project(projection)
        .split(task.start(), task.length())
        .filter(task.residual())
        .caseSensitive(false)
        .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(
            projection,
            fileSchema,
            PartitionUtil.constantsMap(task, IdentityPartitionConverters::convertConstant)))
        .build()) {
      rows = toList(records);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try (RowBatch batch = RowBatch.of(projection, rows)) {
      return batch.toRecords();
    }
  }

  /** The task's rows as the vectorized reader reads them, checking each batch's schema and Arrow fields. */
  static Vectorized vectorizedRead(FileIO io, FileScanTask task, Schema projection, int batchSize) {
    List<Record> rows = new ArrayList<>();
    List<Integer> batchRows = new ArrayList<>();
    try (CloseableIterator<RowBatch> batches =
        VectorizedFileReader.open(io, task, projection, batchSize)) {
      while (batches.hasNext()) {
        try (RowBatch batch = batches.next()) {
          assertThat(batch.schema().sameSchema(projection)).isTrue();
          assertThat(batch.root().getFieldVectors().stream().map(FieldVector::getField))
              .containsExactlyElementsOf(ArrowSchemas.of(projection).getFields());
          rows.addAll(batch.toRecords());
          batchRows.add(batch.rows());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Vectorized(rows, batchRows);
  }

  /** The footer of a data file of a warehouse on the local file system. */
  static ParquetMetadata footer(DataFile file) {
    try (ParquetFileReader reader =
        ParquetFileReader.open(new LocalInputFile(Path.of(URI.create(uri(file)))))) {
      return reader.getFooter();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The encodings of the pages of {@code column} in a row group. */
  static EncodingStats encodings(BlockMetaData rowGroup, String column) {
    return rowGroup.getColumns().stream()
        .filter(chunk -> chunk.getPath().toDotString().equals(column))
        .map(ColumnChunkMetaData::getEncodingStats)
        .findFirst()
        .orElseThrow();
  }

  private static String uri(DataFile file) {
    String location = file.location();
    return location.startsWith("file:") ? location : "file://" + location;
  }

  private static <T> List<T> toList(Iterable<T> items) {
    List<T> list = new ArrayList<>();
    items.forEach(list::add);
    return list;
  }
}
