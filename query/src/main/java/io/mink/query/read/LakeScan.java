package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericDeleteFilter;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IdentityPartitionConverters;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.CloseableIterator;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.PartitionUtil;

/**
 * Reads the lake files of one Kafka partition as column batches of a projection of the snapshot's schema: row
 * groups the filter rules out are skipped, deleted rows dropped, rows of other partitions in a shared file left
 * out. A file whose projected columns are all primitive and that has no delete files is read by Iceberg's vectorized
 * reader ({@link VectorizedFileReader}); the others, and a file that reader refuses, row by row through Iceberg's
 * generic reader, which applies the deletion vectors and position or equality deletes of the file. Batches come one file after the other, in the order planned. The caller closes each batch and the scan.
 */
final class LakeScan implements Iterator<RowBatch>, AutoCloseable {
  private final FileIO io;
  private final Schema tableSchema;
  private final Schema projection;
  private final int partition;
  private final Iterator<LakeFile> files;
  private final int batchSize;
  private CloseableIterator<RowBatch> batches;

  /**
   * @param tableSchema the schema of the snapshot read, which the files are projected from
   * @param projection the columns to read, a projection of {@code tableSchema}
   */
  LakeScan(
      FileIO io,
      Schema tableSchema,
      Schema projection,
      int partition,
      List<LakeFile> files,
      int batchSize) {
    this.io = requireNonNull(io, "io is null");
    this.tableSchema = requireNonNull(tableSchema, "tableSchema is null");
    this.projection = requireNonNull(projection, "projection is null");
    this.partition = partition;
    this.files = List.copyOf(files).iterator();
    this.batchSize = batchSize;
  }

  @Override
  public boolean hasNext() {
    while (batches == null || !batches.hasNext()) {
      closeFile();
      if (!files.hasNext()) {
        return false;
      }
      batches = open(files.next());
    }
    return true;
  }

  @Override
  public RowBatch next() {
    if (!hasNext()) {
      throw new NoSuchElementException("no more lake rows of partition " + partition);
    }
    return batches.next();
  }

  private CloseableIterator<RowBatch> open(LakeFile file) {
    FileScanTask task = file.task();
    if (task.file().format() != FileFormat.PARQUET) {
      throw new UnsupportedOperationException("Cannot read " + task.file().location()
          + ": Mink reads " + "Parquet data files, this one is " + task.file().format());
    }
    if (!file.shared() && VectorizedFileReader.applies(projection, task)) {
      CloseableIterator<RowBatch> vectorized = vectorized(task, projection);
      if (vectorized != null) {
        return vectorized;
      }
    } else if (!file.shared()
        && task.deletes().isEmpty()
        && task.residual().op() == Expression.Operation.TRUE) {
      CloseableIterator<RowBatch> split = split(file);
      if (split != null) {
        return split;
      }
    }
    return new RecordBatches(records(file, projection), projection, batchSize);
  }

  /**
   * The file's primitive columns from the vectorized reader beside its other columns row by row, joined batch by
   * batch; null when it has no primitive column or the vectorized reader refuses the file. Both readers read every
   * row group of the file, as the task has no filter left to skip any by, so their rows line up.
   */
  private CloseableIterator<RowBatch> split(LakeFile file) {
    List<Types.NestedField> primitive = new ArrayList<>();
    List<Types.NestedField> other = new ArrayList<>();
    for (Types.NestedField column : projection.columns()) {
      boolean vectorizable = VectorizedFileReader.applies(new Schema(List.of(column)), file.task());
      (vectorizable ? primitive : other).add(column);
    }
    if (primitive.isEmpty() || other.isEmpty()) {
      return null;
    }
    CloseableIterator<RowBatch> vectorized = vectorized(file.task(), new Schema(primitive));
    if (vectorized == null) {
      return null;
    }
    Schema rest = new Schema(other);
    return new JoinedBatches(vectorized, records(file, rest), rest, projection);
  }

  /** The file's batches from the vectorized reader; null when it refuses the file before its first batch. */
  private CloseableIterator<RowBatch> vectorized(FileScanTask task, Schema columns) {
    CloseableIterator<RowBatch> batches = VectorizedFileReader.open(io, task, columns, batchSize);
    try {
      if (!batches.hasNext()) {
        return batches;
      }
      return new FirstThen(batches.next(), batches);
    } catch (UnsupportedOperationException e) {
      close(batches);
      return null;
    }
  }

  private CloseableIterable<Record> records(LakeFile file, Schema columns) {
    FileScanTask task = file.task();
    GenericDeleteFilter deletes =
        task.deletes().isEmpty() ? null : new GenericDeleteFilter(io, task, tableSchema, columns);
    Schema read = readSchema(columns, deletes, file.shared());
    CloseableIterable<Record> records = Parquet.read(io.newInputFile(task.file().location()))
        .project(read)
        .split(task.start(), task.length())
        .filter(task.residual())
        .caseSensitive(false)
        .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(
            read,
            fileSchema,
            PartitionUtil.constantsMap(task, IdentityPartitionConverters::convertConstant)))
        .build();
    if (deletes != null) {
      records = deletes.filter(records);
    }
    if (file.shared()) {
      records = CloseableIterable.filter(records, this::ofPartition);
    }
    if (read.columns().size() != columns.columns().size()) {
      records = CloseableIterable.transform(records, record -> projected(record, columns));
    }
    return records;
  }

  /** The projection, with what the deletes need and, for a shared file, the partition column. */
  private Schema readSchema(Schema columns, GenericDeleteFilter deletes, boolean shared) {
    Schema read = deletes == null ? columns : deletes.requiredSchema();
    if (!shared || read.findField(KafkaColumns.PARTITION) != null) {
      return read;
    }
    List<Types.NestedField> withPartition = new ArrayList<>(read.columns());
    withPartition.add(tableSchema.findField(KafkaColumns.PARTITION));
    return new Schema(withPartition);
  }

  private boolean ofPartition(Record record) {
    Object value = record.getField(KafkaColumns.PARTITION);
    return value != null && ((Integer) value) == partition;
  }

  private static Record projected(Record record, Schema columns) {
    Record out = GenericRecord.create(columns);
    for (int i = 0; i < columns.columns().size(); i++) {
      out.set(i, record.getField(columns.columns().get(i).name()));
    }
    return out;
  }

  private void closeFile() {
    if (batches != null) {
      CloseableIterator<RowBatch> open = batches;
      batches = null;
      close(open);
    }
  }

  private void close(CloseableIterator<RowBatch> open) {
    try {
      open.close();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot close a lake file of partition " + partition, e);
    }
  }

  @Override
  public void close() {
    closeFile();
  }

  /** A batch taken to check that the reader accepts the file, then the rest. */
  private static final class FirstThen implements CloseableIterator<RowBatch> {
    private RowBatch first;
    private final CloseableIterator<RowBatch> rest;

    FirstThen(RowBatch first, CloseableIterator<RowBatch> rest) {
      this.first = first;
      this.rest = rest;
    }

    @Override
    public boolean hasNext() {
      return first != null || rest.hasNext();
    }

    @Override
    public RowBatch next() {
      if (first != null) {
        RowBatch batch = first;
        first = null;
        return batch;
      }
      return rest.next();
    }

    @Override
    public void close() throws IOException {
      if (first != null) {
        first.close();
        first = null;
      }
      rest.close();
    }
  }
}
