package io.mink.bench.registry;

import io.mink.bench.BenchmarkTopic;
import io.mink.bench.CpuSplit;
import io.mink.bench.Throughput;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.orders.Order;
import io.mink.testkit.orders.OrderSamples;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Phase 0: fills benchmark topics with orders, by default as Confluent's Avro serializer writes them: byte 0, the
 * registry's int32 schema id, then the Avro binary datum, for the value (the Order schema) and for the key (the
 * order id as an Avro long). No headers; round-robin over the partitions; create times count up from
 * 2023-11-14T22:13:20.123Z. The topics are created and loaded as the raw benchmark's ({@link BenchmarkTopic}).
 */
public final class RegistryTopic {
  /** The seed of the orders: record i of every topic holds the i-th order of {@code new Random(SEED)}. */
  public static final long SEED = 20_240_602L;

  static final long BASE_TIMESTAMP = 1_700_000_000_123L;

  private RegistryTopic() {}

  /** Sends {@code records} Avro orders and waits until every one is acknowledged; generation and encoding are timed. */
  static Throughput produce(
      KafkaBroker broker, String topic, int records, int partitions, OrderSchemas.Ids ids) {
    return produce(broker, records, partitions, Map.of(topic, OrderEncoding.confluentAvro(ids)))
        .get(topic);
  }

  /**
   * Sends the same {@code records} orders to every topic, each encoded its topic's way, and waits until every one
   * is acknowledged. Each topic's throughput has its own bytes and the whole time, generation and encoding included.
   */
  public static Map<String, Throughput> produce(
      KafkaBroker broker, int records, int partitions, Map<String, OrderEncoding> topics) {
    AtomicReference<Exception> failure = new AtomicReference<>();
    Random random = new Random(SEED);
    Map<String, Long> bytes = new LinkedHashMap<>();
    topics.keySet().forEach(topic -> bytes.put(topic, 0L));
    long started = System.nanoTime();
    try (KafkaProducer<byte[], byte[]> producer =
        broker.newProducer(BenchmarkTopic.PRODUCER_SETTINGS)) {
      for (int i = 0; i < records && failure.get() == null; i++) {
        Order order = OrderSamples.seeded(random, i);
        for (Map.Entry<String, OrderEncoding> topic : topics.entrySet()) {
          OrderEncoding.Encoded encoded = topic.getValue().encode(order);
          var unused = producer.send(
              new ProducerRecord<>(
                  topic.getKey(),
                  i % partitions,
                  BASE_TIMESTAMP + i,
                  encoded.key(),
                  encoded.value()),
              (metadata, error) -> {
                if (error != null) {
                  failure.compareAndSet(null, error);
                }
              });
          bytes.merge(
              topic.getKey(), (long) encoded.key().length + encoded.value().length, Long::sum);
        }
      }
      producer.flush();
    }
    if (failure.get() != null) {
      throw new IllegalStateException(
          "Cannot produce the benchmark orders to topics " + topics.keySet() + ": "
              + failure.get().getMessage() + "; check the broker's log above",
          failure.get());
    }
    long nanos = System.nanoTime() - started;
    Map<String, Throughput> produced = new LinkedHashMap<>();
    bytes.forEach((topic, topicBytes) ->
        produced.put(topic, new Throughput(records, topicBytes, nanos, CpuSplit.NONE)));
    return produced;
  }

  /** Confluent's wire format: byte 0, the schema id as a big-endian int32, the payload. */
  static byte[] confluent(int schemaId, byte[] payload) {
    return ByteBuffer.allocate(5 + payload.length)
        .put((byte) 0)
        .putInt(schemaId)
        .put(payload)
        .array();
  }
}
