package io.mink.bench.read;

import io.mink.bench.CpuSplit;
import io.mink.bench.Throughput;

/**
 * What one read taken to its end did.
 *
 * @param bytes what the phase counts as its bytes (the Parquet files read, the Kafka records, the output written)
 * @param nanos from the read's start (planning, and for a read of the log its first pass over the tails) until its
 *     last batch was taken
 * @param planNanos the part of {@code nanos} before the first batch could be taken: {@code UnionRead.read}, which
 *     plans, and reads and decodes every tail (the first pass)
 * @param threadCpuNanos the reading thread's CPU time, -1 where unknown
 * @param tailRecords the records of the tails, as the read reported them
 */
record ReadOutcome(
    long bytes,
    long nanos,
    long planNanos,
    long threadCpuNanos,
    long tailRecords,
    long lakeFiles,
    FirstPass firstPass,
    TakenBatches taken) {
  /**
   * The read's first pass over its tails, inside {@code UnionRead.read}.
   *
   * @param stalls the waits of 100 ms or more for Kafka ({@link FirstPassWatch})
   * @param stalledNanos their total time
   * @param peakArrowBytes the most bytes of column batches held during it
   * @param heldArrowBytes the bytes of column batches held at its end: the tails kept in memory
   */
  record FirstPass(int stalls, long stalledNanos, long peakArrowBytes, long heldArrowBytes) {}

  long rows() {
    return taken.rows();
  }

  Throughput throughput() {
    return new Throughput(rows(), bytes, nanos, new CpuSplit(threadCpuNanos, -1));
  }
}
