package io.mink.query.read;

import io.mink.schema.batch.RowBatch;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/** A partition's tail batches, held or read again from Kafka; closing lets go of those not taken. */
interface TailBatches extends Iterator<RowBatch>, AutoCloseable {
  @Override
  void close();

  /** Batches held in memory, handed over one by one. */
  static TailBatches held(List<RowBatch> batches) {
    Deque<RowBatch> left = new ArrayDeque<>(batches);
    return new TailBatches() {
      @Override
      public boolean hasNext() {
        return !left.isEmpty();
      }

      @Override
      public RowBatch next() {
        if (left.isEmpty()) {
          throw new NoSuchElementException("the tail is read");
        }
        return left.poll();
      }

      @Override
      public void close() {
        left.forEach(RowBatch::close);
        left.clear();
      }
    };
  }
}
