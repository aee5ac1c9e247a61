package io.mink.bench.read;

import io.mink.query.read.ReadProgress;
import io.mink.schema.batch.RowBatch;

/**
 * Watches a read's first pass over its tails, through the progress it reports after each batch of tail records: the
 * stalls, gaps of {@link #STALL_NANOS} or more between two batches (or between the plan and the first batch), which
 * building a batch never takes, so the reading thread waited for Kafka; and the most bytes of column batches held.
 * Called on the reading thread.
 */
final class FirstPassWatch implements ReadProgress {
  /** Building one batch of a few thousand rows takes milliseconds; a gap this long is a wait for a fetch. */
  static final long STALL_NANOS = 100_000_000L;

  private final long arrowBytesBefore;
  private long last = -1;
  private int stalls;
  private long stalledNanos;
  private long peakArrowBytes;

  /** @param arrowBytesBefore the bytes of column batches held before the read */
  FirstPassWatch(long arrowBytesBefore) {
    this.arrowBytesBefore = arrowBytesBefore;
  }

  @Override
  public void planned(int partitions, long lakeFiles, long tailRecords) {
    if (last < 0) {
      last = System.nanoTime();
    }
  }

  @Override
  public void tailRead(long records) {
    long now = System.nanoTime();
    if (last >= 0 && now - last >= STALL_NANOS) {
      stalls++;
      stalledNanos += now - last;
    }
    last = now;
    peakArrowBytes = Math.max(peakArrowBytes, RowBatch.allocatedBytes() - arrowBytesBefore);
  }

  /** The first pass as watched so far, its end holding {@code heldArrowBytes} of column batches. */
  ReadOutcome.FirstPass result(long heldArrowBytes) {
    return new ReadOutcome.FirstPass(stalls, stalledNanos, peakArrowBytes, heldArrowBytes);
  }
}
