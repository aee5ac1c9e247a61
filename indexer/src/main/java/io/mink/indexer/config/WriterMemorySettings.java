package io.mink.indexer.config;

/**
 * What the instance's Parquet writers may hold in memory, from the [indexer] section.
 *
 * @param writerMemoryBytes the most the open files buffer together
 * @param maxOpenFiles the most files open at once
 */
public record WriterMemorySettings(long writerMemoryBytes, int maxOpenFiles) {
  private static final long MIN_BYTES_PER_FILE = 1L << 20;

  public WriterMemorySettings {
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
