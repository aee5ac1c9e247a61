package io.mink.indexer.round;

import io.mink.lake.write.ParquetEncoder;
import java.util.Map;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.util.PropertyUtil;

/**
 * What the Parquet writers of one sidecar instance may hold in memory, whatever the number of tables
 * and partitions: at most {@code maxOpenFiles} files open at once across all rounds (each worker's
 * round keeps at most its share open, reading further partitions as earlier ones finish), and each
 * open file buffers at most one row group of {@code writerMemoryBytes / maxOpenFiles} before it goes
 * to the file.
 */
public record WriterBudget(
    long writerMemoryBytes, int maxOpenFiles, int workers, ParquetEncoder encoder) {
  static final long MIN_ROW_GROUP_BYTES = 1L << 20;
  static final long MAX_ROW_GROUP_BYTES = 128L << 20;
  private static final long MAX_PAGE_BYTES = 1L << 20;
  private static final long MAX_DICTIONARY_BYTES = 2L << 20;

  /** A budget whose files parquet-java encodes. */
  public WriterBudget(long writerMemoryBytes, int maxOpenFiles, int workers) {
    this(writerMemoryBytes, maxOpenFiles, workers, ParquetEncoder.PARQUET_JAVA);
  }

  public WriterBudget {
    java.util.Objects.requireNonNull(encoder, "encoder is null");
    if (workers < 1) {
      throw new IllegalArgumentException("workers must be at least 1, not " + workers);
    }
    if (maxOpenFiles < workers) {
      throw new IllegalArgumentException(
          "max_open_files (" + maxOpenFiles + ") must be at least the number of " + "workers ("
              + workers + "): every running round needs one open file");
    }
    if (writerMemoryBytes < maxOpenFiles * MIN_ROW_GROUP_BYTES) {
      throw new IllegalArgumentException("writer_memory (" + writerMemoryBytes
          + " bytes) must allow 1 MiB per open " + "file: at least "
          + maxOpenFiles * MIN_ROW_GROUP_BYTES + " bytes for max_open_files " + maxOpenFiles);
    }
  }

  /** A quarter of the heap for 64 open files, shared by the workers. */
  public static WriterBudget defaults(int workers) {
    return new WriterBudget(
        Math.max(Runtime.getRuntime().maxMemory() / 4, 64 * MIN_ROW_GROUP_BYTES),
        Math.max(64, workers),
        workers);
  }

  /** How many files one round keeps open at once. */
  public int openFilesPerRound() {
    return maxOpenFiles / workers;
  }

  /** The most one open file buffers: its row group. */
  public long rowGroupBytes() {
    return Math.min(MAX_ROW_GROUP_BYTES, writerMemoryBytes / maxOpenFiles);
  }

  /**
   * The Parquet properties that keep a file within its share: the row group (the table's own when it
   * is smaller), and pages and dictionaries no larger than a fraction of it.
   */
  public Map<String, String> parquetProperties(Map<String, String> tableProperties) {
    long rowGroup = Math.min(
        rowGroupBytes(),
        PropertyUtil.propertyAsLong(
            tableProperties, TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES, Long.MAX_VALUE));
    return Map.of(
        TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES, Long.toString(rowGroup),
        TableProperties.PARQUET_PAGE_SIZE_BYTES,
            Long.toString(Math.min(MAX_PAGE_BYTES, rowGroup / 8)),
        TableProperties.PARQUET_DICT_SIZE_BYTES,
            Long.toString(Math.min(MAX_DICTIONARY_BYTES, rowGroup / 4)));
  }
}
