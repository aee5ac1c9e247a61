package io.mink.bench.scale;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Writes records to the active tables' topics throughout the run, on a thread of its own: every 100 ms a tenth of a
 * second's records to each topic, spread over its partitions. The values are small JSON documents; with no schema
 * registry Mink keeps them as raw bytes.
 */
final class ActiveProducer implements AutoCloseable {
  private static final long TICK_MILLIS = 100;

  private final KafkaProducer<byte[], byte[]> producer;
  private final List<ScaleTables.Table> tables;
  private final int recordsPerSecond;
  private final Thread thread;
  private final AtomicLong sent = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private volatile boolean running = true;

  private ActiveProducer(
      KafkaProducer<byte[], byte[]> producer,
      List<ScaleTables.Table> tables,
      int recordsPerSecond) {
    this.producer = producer;
    this.tables = List.copyOf(tables);
    this.recordsPerSecond = recordsPerSecond;
    this.thread = new Thread(this::produce, "scale-producer");
    thread.setDaemon(true);
  }

  static ActiveProducer start(
      KafkaProducer<byte[], byte[]> producer,
      List<ScaleTables.Table> tables,
      int recordsPerSecond) {
    ActiveProducer active = new ActiveProducer(producer, tables, recordsPerSecond);
    if (!tables.isEmpty()) {
      active.thread.start();
    }
    return active;
  }

  private void produce() {
    long tick = 0;
    long started = System.nanoTime();
    while (running) {
      tick++;
      for (ScaleTables.Table table : tables) {
        long due = tick * recordsPerSecond * TICK_MILLIS / 1000
            - (tick - 1) * recordsPerSecond * TICK_MILLIS / 1000;
        for (long i = 0; i < due; i++) {
          int partition = (int) ((tick + i) % table.partitions());
          byte[] value = ("{\"table\":\"" + table.topic() + "\",\"tick\":" + tick + ",\"i\":" + i
                  + ",\"at\":\"" + Instant.now() + "\",\"pad\":\"abcdefghijklmnopqrstuvwxyz\"}")
              .getBytes(StandardCharsets.UTF_8);
          var unused = producer.send(
              new ProducerRecord<>(table.topic(), partition, null, value), (metadata, error) -> {
                if (error == null) {
                  sent.incrementAndGet();
                } else {
                  failed.incrementAndGet();
                }
              });
        }
      }
      long sleep = started / 1_000_000 + tick * TICK_MILLIS - System.nanoTime() / 1_000_000;
      if (sleep > 0) {
        try {
          Thread.sleep(sleep);
        } catch (InterruptedException e) {
          return;
        }
      }
    }
  }

  long sent() {
    return sent.get();
  }

  long failed() {
    return failed.get();
  }

  @Override
  public void close() {
    running = false;
    thread.interrupt();
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    producer.close();
  }
}
