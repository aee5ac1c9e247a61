package io.mink.bench.registry;

import io.mink.bench.BenchmarkTopic;
import io.mink.bench.CpuSplit;
import io.mink.bench.Throughput;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.orders.Order;
import io.mink.testkit.orders.OrderSamples;
import java.nio.ByteBuffer;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Phase 0: fills the benchmark topic with orders as Confluent's Avro serializer writes them: byte
 * 0, the registry's int32 schema id, then the Avro binary datum, for the value (the Order schema)
 * and for the key (the order id as an Avro long). No headers; round-robin over the partitions;
 * create times count up from 2023-11-14T22:13:20.123Z. The topic is created and loaded as the raw
 * benchmark's ({@link BenchmarkTopic}).
 */
final class RegistryTopic {
  static final long SEED = 20_240_602L;
  static final long BASE_TIMESTAMP = 1_700_000_000_123L;

  private RegistryTopic() {}

  /** Sends {@code records} orders and waits until every one is acknowledged. Generation and encoding are timed too. */
  static Throughput produce(
      KafkaBroker broker, String topic, int records, int partitions, int keyId, int valueId) {
    AtomicReference<Exception> failure = new AtomicReference<>();
    AvroOrderWriter avro = new AvroOrderWriter();
    Random random = new Random(SEED);
    long bytes = 0;
    long started = System.nanoTime();
    try (KafkaProducer<byte[], byte[]> producer =
        broker.newProducer(BenchmarkTopic.PRODUCER_SETTINGS)) {
      for (int i = 0; i < records && failure.get() == null; i++) {
        Order order = OrderSamples.seeded(random, i);
        byte[] key = confluent(keyId, avro.writeKey(order.id()));
        byte[] value = confluent(valueId, avro.write(order));
        var unused = producer.send(
            new ProducerRecord<>(topic, i % partitions, BASE_TIMESTAMP + i, key, value),
            (metadata, error) -> {
              if (error != null) {
                failure.compareAndSet(null, error);
              }
            });
        bytes += key.length + value.length;
      }
      producer.flush();
    }
    if (failure.get() != null) {
      throw new IllegalStateException(
          "Cannot produce the benchmark orders to topic " + topic + ": "
              + failure.get().getMessage() + "; check the broker's log above",
          failure.get());
    }
    return new Throughput(records, bytes, System.nanoTime() - started, CpuSplit.NONE);
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
