package io.mink.bench.registry;

/**
 * What a timed piece of work moved.
 *
 * @param records the Kafka records handled
 * @param bytes their key, value and header bytes (header keys as UTF-8); Kafka's framing not counted
 * @param nanos the time the work took
 * @param fetchCpuNanos the CPU time of the thread that fetched (for Mink: fetched, decoded, assembled
 *     rows, committed), or -1 where not measured
 * @param writeCpuNanos the CPU time of the threads that wrote Parquet, or -1 where not measured
 */
record Throughput(long records, long bytes, long nanos, long fetchCpuNanos, long writeCpuNanos) {
  Throughput {
    if (records < 0 || bytes < 0 || nanos <= 0) {
      throw new IllegalArgumentException(
          "Invalid throughput: " + records + " records, " + bytes + " bytes in " + nanos + " ns");
    }
  }

  double recordsPerSecond() {
    return records * 1e9 / nanos;
  }

  /** Megabytes (10^6 bytes) per second. */
  double megabytesPerSecond() {
    return bytes / 1e6 * 1e9 / nanos;
  }

  double seconds() {
    return nanos / 1e9;
  }
}
