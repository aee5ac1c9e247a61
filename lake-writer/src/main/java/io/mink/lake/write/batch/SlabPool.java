package io.mink.lake.write.batch;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import org.apache.parquet.bytes.ByteBufferAllocator;

/**
 * The heap buffers of one Parquet file, kept for reuse. Parquet's column writers release their page buffers
 * after every page and ask again for the same sizes for the next, so the file's pages after the first cost no
 * allocation and no zeroing. A released buffer is handed out again only for its exact capacity; at most {@code
 * maxPooledBytes} are kept, the rest left to the collector. Not thread-safe: a file is written by one thread.
 */
final class SlabPool implements ByteBufferAllocator {
  private final Map<Integer, ArrayDeque<ByteBuffer>> free = new HashMap<>();
  private final long maxPooledBytes;
  private long pooledBytes;

  SlabPool(long maxPooledBytes) {
    this.maxPooledBytes = maxPooledBytes;
  }

  @Override
  public ByteBuffer allocate(int size) {
    ArrayDeque<ByteBuffer> sized = free.get(size);
    ByteBuffer buffer = sized == null ? null : sized.pollLast();
    if (buffer == null) {
      return ByteBuffer.allocate(size);
    }
    pooledBytes -= size;
    buffer.clear();
    buffer.order(ByteOrder.BIG_ENDIAN);
    return buffer;
  }

  @Override
  public void release(ByteBuffer buffer) {
    if (buffer.isDirect()
        || !buffer.hasArray()
        || buffer.arrayOffset() != 0
        || buffer.array().length != buffer.capacity()
        || pooledBytes + buffer.capacity() > maxPooledBytes) {
      return;
    }
    free.computeIfAbsent(buffer.capacity(), size -> new ArrayDeque<>()).addLast(buffer);
    pooledBytes += buffer.capacity();
  }

  @Override
  public boolean isDirect() {
    return false;
  }

  /** Lets go of every buffer kept. */
  void clear() {
    free.clear();
    pooledBytes = 0;
  }

  long pooledBytes() {
    return pooledBytes;
  }
}
