package io.mink.indexer.config;

import io.mink.lake.write.ParquetEncoder;

/**
 * What the instance's Parquet writers may hold in memory and what encodes their files, from the [indexer]
 * section.
 *
 * @param writerMemoryBytes the most the open files buffer together
 * @param maxOpenFiles the most files open at once
 * @param encoder what encodes the files
 * @param keyIndexMemoryBytes the most the upsert tables' key indexes hold together
 */
public record WriterMemorySettings(
    long writerMemoryBytes, int maxOpenFiles, ParquetEncoder encoder, long keyIndexMemoryBytes) {
  private static final long MIN_BYTES_PER_FILE = 1L << 20;

  /** The memory settings with files encoded by parquet-java. */
  public WriterMemorySettings(long writerMemoryBytes, int maxOpenFiles) {
    this(writerMemoryBytes, maxOpenFiles, ParquetEncoder.PARQUET_JAVA);
  }

  /** The memory settings with key indexes of a quarter of the heap. */
  public WriterMemorySettings(long writerMemoryBytes, int maxOpenFiles, ParquetEncoder encoder) {
    this(writerMemoryBytes, maxOpenFiles, encoder, defaultKeyIndexMemoryBytes());
  }

  /** A quarter of the JVM's maximum heap. */
  public static long defaultKeyIndexMemoryBytes() {
    return Runtime.getRuntime().maxMemory() / 4;
  }

  public WriterMemorySettings {
    java.util.Objects.requireNonNull(encoder, "encoder is null");
    if (keyIndexMemoryBytes < 0) {
      throw new IllegalArgumentException(
          "keyIndexMemoryBytes must not be negative: " + keyIndexMemoryBytes);
    }
    if (maxOpenFiles < 1) {
      throw new IllegalArgumentException("maxOpenFiles must be at least 1: " + maxOpenFiles);
    }
  }

  /** The defaults: a quarter of the heap for 64 open files, at least 1 MiB each. */
  public static WriterMemorySettings defaults() {
    int maxOpenFiles = Integer.parseInt(ConfigKey.MAX_OPEN_FILES.defaultValue().orElseThrow());
    return new WriterMemorySettings(
        Math.max(Runtime.getRuntime().maxMemory() / 4, maxOpenFiles * MIN_BYTES_PER_FILE),
        maxOpenFiles);
  }
}
