package io.mink.lake.write.duckdb;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The batches of one file as the Arrow stream DuckDB reads: the writer hands batches over through a bounded
 * queue and DuckDB's thread takes them as it asks for the next batch. A batch's buffers move into the
 * reader's vectors without a copy, so the writer may close its batch right after handing it over.
 */
final class BatchStream extends ArrowReader {
  /** Batches waiting for DuckDB: enough to keep it busy, few enough to bound the memory they hold. */
  static final int CAPACITY = 2;

  private final BlockingQueue<Item> queue = new ArrayBlockingQueue<>(CAPACITY);
  private final Schema schema;

  BatchStream(BufferAllocator allocator, Schema schema) {
    super(allocator);
    this.schema = schema;
  }

  /** Queues a batch, waiting at most {@code millis}; false when the queue stayed full, the batch not taken. */
  boolean offer(ArrowRecordBatch batch, long millis) throws InterruptedException {
    return queue.offer(new Item(batch, false), millis, TimeUnit.MILLISECONDS);
  }

  /** Queues the end of the stream, waiting at most {@code millis}; false when the queue stayed full. */
  boolean offerEnd(long millis) throws InterruptedException {
    return queue.offer(new Item(null, false), millis, TimeUnit.MILLISECONDS);
  }

  /** Makes DuckDB's next read fail, ending its COPY; drops every batch still queued. */
  void abort() {
    drain();
    queue.offer(new Item(null, true));
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    Item item;
    try {
      item = queue.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("Interrupted while DuckDB waited for the next column batch");
    }
    if (item.aborted()) {
      throw new IOException("The file was aborted before its last column batch");
    }
    if (item.batch() == null) {
      return false;
    }
    try (ArrowRecordBatch batch = item.batch()) {
      new VectorLoader(getVectorSchemaRoot()).load(batch);
    }
    return true;
  }

  @Override
  public long bytesRead() {
    return 0;
  }

  @Override
  protected void closeReadSource() {
    drain();
  }

  @Override
  protected Schema readSchema() {
    return schema;
  }

  private void drain() {
    Item item;
    while ((item = queue.poll()) != null) {
      if (item.batch() != null) {
        item.batch().close();
      }
    }
  }

  /** A queued batch, or the end of the stream (no batch), or its abort. */
  private record Item(ArrowRecordBatch batch, boolean aborted) {}
}
