package io.mink.query.read;

import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.IdentityPartitionConverters;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.CloseableIterator;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.PartitionUtil;

/**
 * Reads a lake data file's rows as column batches with Iceberg's vectorized Parquet reader (iceberg-arrow), for
 * the files and columns it {@linkplain #applies applies to}: whole columns at a time into Arrow vectors, where
 * Iceberg's row reader makes a record per row. The batches are those a row read of the same task makes: of
 * exactly the projection, with {@link io.mink.schema.batch.ArrowSchemas}' Arrow type for each column and the
 * same values, so they mix with batches of the other path.
 *
 * <p>Like the row read, it reads the task's split ({@code start}, {@code length}), skips the row groups the task's
 * residual filter rules out (by their statistics, dictionaries and bloom filters) without filtering rows, and
 * takes identity partition values from the task's partition. It does not leave out rows of other Kafka partitions
 * in a file shared between partitions.
 */
final class VectorizedFileReader {
  /**
   * The column types read: those of iceberg-arrow's vectorized reader that Mink's batches have. Not nested or
   * variant types, which iceberg-arrow does not read, nor nanosecond timestamps, which Mink's batches do not hold.
   */
  private static final Set<Type.TypeID> SUPPORTED = EnumSet.of(
      Type.TypeID.BOOLEAN,
      Type.TypeID.INTEGER,
      Type.TypeID.LONG,
      Type.TypeID.FLOAT,
      Type.TypeID.DOUBLE,
      Type.TypeID.DATE,
      Type.TypeID.TIME,
      Type.TypeID.TIMESTAMP,
      Type.TypeID.STRING,
      Type.TypeID.BINARY,
      Type.TypeID.UUID,
      Type.TypeID.FIXED,
      Type.TypeID.DECIMAL);

  private VectorizedFileReader() {}

  /**
   * Whether the reader can read {@code projection} of the task's file: a Parquet file with no delete files to
   * apply, and at least one column, each of a {@linkplain #SUPPORTED supported} primitive type and none a
   * metadata column.
   */
  static boolean applies(Schema projection, FileScanTask task) {
    if (task.file().format() != FileFormat.PARQUET || !task.deletes().isEmpty()) {
      return false;
    }
    List<Types.NestedField> columns = projection.columns();
    return !columns.isEmpty()
        && columns.stream()
            .allMatch(column -> SUPPORTED.contains(column.type().typeId())
                && !MetadataColumns.isMetadataColumn(column.fieldId()));
  }

  /**
   * The task's rows in batches of at most {@code batchSize} rows (a batch ends at a row group's end). The caller
   * closes each batch and the iterator; closing the iterator releases the file and the reader's memory.
   *
   * <p>A file that stores a column in a way iceberg-arrow 1.11 cannot read is refused with an {@link
   * UnsupportedOperationException}, to be read with Iceberg's row reader instead: by this method for INT96
   * timestamps, by the first {@code next()} of a row group (so, as files are written, the iterator's first) for
   * booleans and byte arrays in the encodings of Parquet v2 pages.
   *
   * @throws IllegalArgumentException if the reader does not {@linkplain #applies apply} to the task
   */
  static CloseableIterator<RowBatch> open(
      FileIO io, FileScanTask task, Schema projection, int batchSize) {
    if (!applies(projection, task)) {
      throw new IllegalArgumentException("Cannot read " + task.file().location() + " vectorized as "
          + projection.asStruct()
          + ": check VectorizedFileReader.applies first and read it with Iceberg's row "
          + "reader when it does not apply");
    }
    if (batchSize < 1) {
      throw new IllegalArgumentException("batchSize must be at least 1, not " + batchSize);
    }
    Map<Integer, ?> constants =
        PartitionUtil.constantsMap(task, IdentityPartitionConverters::convertConstant);
    BufferAllocator allocator =
        RowBatch.newChildAllocator("vectorized read of " + task.file().location());
    CloseableIterable<RowBatch> file = null;
    try {
      file = Parquet.read(io.newInputFile(task.file().location(), task.file().fileSizeInBytes()))
          .project(projection)
          .split(task.start(), task.length())
          .filter(task.residual())
          .caseSensitive(false)
          .recordsPerBatch(batchSize)
          .createBatchedReaderFunc(fileSchema ->
              RowBatchReaderBuilder.build(projection, fileSchema, constants, allocator))
          .build();
      return new FileBatches(file, file.iterator(), allocator);
    } catch (RuntimeException e) {
      try {
        FileBatches.release(file, allocator);
      } catch (RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /** The batches of one open file; closing them closes the file and the allocator its readers allocate from. */
  private static final class FileBatches implements CloseableIterator<RowBatch> {
    private final CloseableIterable<RowBatch> file;
    private final CloseableIterator<RowBatch> batches;
    private final BufferAllocator allocator;

    FileBatches(
        CloseableIterable<RowBatch> file,
        CloseableIterator<RowBatch> batches,
        BufferAllocator allocator) {
      this.file = file;
      this.batches = batches;
      this.allocator = allocator;
    }

    @Override
    public boolean hasNext() {
      return batches.hasNext();
    }

    @Override
    public RowBatch next() {
      return batches.next();
    }

    @Override
    public void close() {
      release(file, allocator);
    }

    /** Closes the file (its readers release their vectors), then the allocator and those Iceberg made under it. */
    static void release(CloseableIterable<RowBatch> file, BufferAllocator allocator) {
      try {
        if (file != null) {
          file.close();
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot close the " + allocator.getName(), e);
      } finally {
        List.copyOf(allocator.getChildAllocators()).forEach(BufferAllocator::close);
        allocator.close();
      }
    }
  }
}
