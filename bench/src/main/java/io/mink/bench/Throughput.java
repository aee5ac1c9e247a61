package io.mink.bench;

import static java.util.Objects.requireNonNull;

/**
 * What a timed piece of work moved.
 *
 * @param records the Kafka records handled
 * @param bytes the bytes of their keys, values and headers (see {@link RecordSize})
 * @param nanos the time the work took
 * @param cpu the CPU time of its fetching and writing threads, {@link CpuSplit#NONE} where not measured
 */
public record Throughput(long records, long bytes, long nanos, CpuSplit cpu) {
  public Throughput {
    requireNonNull(cpu, "cpu is null");
    if (records < 0 || bytes < 0 || nanos <= 0) {
      throw new IllegalArgumentException(
          "Invalid throughput: " + records + " records, " + bytes + " bytes in " + nanos + " ns");
    }
  }

  public double recordsPerSecond() {
    return records * 1e9 / nanos;
  }

  /** Megabytes (10^6 bytes) per second. */
  public double megabytesPerSecond() {
    return bytes / 1e6 * 1e9 / nanos;
  }

  public double seconds() {
    return nanos / 1e9;
  }
}
