package io.mink.bench.read;

import io.mink.bench.BenchmarkTopic;
import io.mink.bench.CpuSplit;
import io.mink.bench.Throughput;
import io.mink.bench.registry.OrderEncoding;
import io.mink.bench.registry.RegistryTopic;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.orders.OrderSamples;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The benchmark's topic of typed orders, appended to in steps: record i holds the i-th order of {@code new
 * Random(RegistryTopic.SEED)} as the registry benchmark writes it (Confluent's prefix, then the Avro datum, on key
 * and value), in partition i mod the partition count, created at 2023-11-14T22:13:20.123Z + i ms. One step goes on
 * where the last one stopped, so the records are the same however many steps fill the topic.
 */
public final class OrderLog {
  /** The Kafka timestamp of record 0, in ms: record i has this + i. */
  public static final long BASE_TIMESTAMP = 1_700_000_000_123L;

  private final KafkaBroker broker;
  private final String topic;
  private final int partitions;
  private final OrderEncoding encoding;
  private final Random random = new Random(RegistryTopic.SEED);
  private int next;

  public OrderLog(KafkaBroker broker, String topic, int partitions, OrderEncoding encoding) {
    this.broker = broker;
    this.topic = topic;
    this.partitions = partitions;
    this.encoding = encoding;
  }

  /** Sends the next {@code count} orders and waits until every one is acknowledged; generation is timed. */
  public Throughput append(int count) {
    AtomicReference<Exception> failure = new AtomicReference<>();
    long bytes = 0;
    long started = System.nanoTime();
    try (KafkaProducer<byte[], byte[]> producer =
        broker.newProducer(BenchmarkTopic.PRODUCER_SETTINGS)) {
      for (int sent = 0; sent < count && failure.get() == null; sent++, next++) {
        OrderEncoding.Encoded encoded = encoding.encode(OrderSamples.seeded(random, next));
        var unused = producer.send(
            new ProducerRecord<>(
                topic, next % partitions, BASE_TIMESTAMP + next, encoded.key(), encoded.value()),
            (metadata, error) -> {
              if (error != null) {
                failure.compareAndSet(null, error);
              }
            });
        bytes += encoded.key().length + encoded.value().length;
      }
      producer.flush();
    }
    if (failure.get() != null) {
      throw new IllegalStateException(
          "Cannot produce the benchmark orders to topic " + topic + ": "
              + failure.get().getMessage() + "; check the broker's log above",
          failure.get());
    }
    return new Throughput(count, bytes, System.nanoTime() - started, CpuSplit.NONE);
  }

  /** How many orders the topic holds. */
  public int size() {
    return next;
  }
}
