package io.mink.query.sql;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.Consumer;

/**
 * The engine's idle assign-and-seek consumers, kept between statements: a statement's scans take one each and give it
 * back unassigned, so a statement does not pay for a new consumer's connections and metadata. At most {@code
 * capacity} are kept; the rest are closed.
 */
final class ConsumerPool implements AutoCloseable {
  private final QueryTables tables;
  private final int capacity;
  private final ConcurrentLinkedDeque<Consumer<byte[], byte[]>> idle =
      new ConcurrentLinkedDeque<>();
  private final AtomicInteger size = new AtomicInteger();

  ConsumerPool(QueryTables tables, int capacity) {
    this.tables = tables;
    this.capacity = capacity;
  }

  /** An idle consumer, or a new one when none is idle. */
  Consumer<byte[], byte[]> take() {
    Consumer<byte[], byte[]> consumer = idle.pollFirst();
    if (consumer == null) {
      return tables.newConsumer();
    }
    size.decrementAndGet();
    return consumer;
  }

  /** Takes a consumer back; one that fails to unassign, or one too many, is closed. */
  void give(Consumer<byte[], byte[]> consumer) {
    try {
      consumer.assign(List.of());
    } catch (RuntimeException broken) {
      consumer.close();
      return;
    }
    if (size.incrementAndGet() > capacity) {
      size.decrementAndGet();
      consumer.close();
    } else {
      idle.addFirst(consumer);
    }
  }

  @Override
  public void close() {
    Consumer<byte[], byte[]> consumer;
    while ((consumer = idle.pollFirst()) != null) {
      consumer.close();
    }
  }
}
