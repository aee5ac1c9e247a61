package io.mink.bench.registry;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.mink.testkit.KafkaBroker;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.header.Header;

/**
 * Phase 0: fills the benchmark topic with orders as Confluent's Avro serializer writes them: byte
 * 0, the registry's int32 schema id, then the Avro binary datum, for the value (the Order schema)
 * and for the key (the order id as an Avro long). No headers; round-robin over the partitions;
 * create times count up from 2023-11-14T22:13:20.123Z.
 */
final class RegistryTopic {
  static final long SEED = 20_240_602L;
  static final long BASE_TIMESTAMP = 1_700_000_000_123L;

  /** Bulk loading: large batches, no compression, leader acknowledgement only. */
  private static final Map<String, Object> PRODUCER_SETTINGS = Map.of(
      ProducerConfig.LINGER_MS_CONFIG, 20,
      ProducerConfig.BATCH_SIZE_CONFIG, 1024 * 1024,
      ProducerConfig.COMPRESSION_TYPE_CONFIG, "none",
      ProducerConfig.ACKS_CONFIG, "1",
      ProducerConfig.BUFFER_MEMORY_CONFIG, 256L * 1024 * 1024,
      ProducerConfig.MAX_REQUEST_SIZE_CONFIG, 16 * 1024 * 1024);

  /** Keep every record: the 2023 timestamps would fall to the default 7-day retention. */
  static final Map<String, String> TOPIC_CONFIGS = Map.of(
      TopicConfig.RETENTION_MS_CONFIG, "-1",
      TopicConfig.RETENTION_BYTES_CONFIG, "-1");

  private RegistryTopic() {}

  /** Sends {@code records} orders and waits until every one is acknowledged. Generation and encoding are timed too. */
  static Throughput produce(KafkaBroker broker, String topic, int records, int partitions, int keyId, int valueId) {
    AtomicReference<Exception> failure = new AtomicReference<>();
    AvroOrderWriter avro = new AvroOrderWriter();
    Random random = new Random(SEED);
    long bytes = 0;
    long started = System.nanoTime();
    try (KafkaProducer<byte[], byte[]> producer = broker.newProducer(PRODUCER_SETTINGS)) {
      for (int i = 0; i < records && failure.get() == null; i++) {
        Order order = Order.random(random, i);
        byte[] key = confluent(keyId, avro.writeKey(order.id()));
        byte[] value = confluent(valueId, avro.write(order));
        var unused = producer.send(new ProducerRecord<>(topic, i % partitions, BASE_TIMESTAMP + i, key, value),
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
      throw new IllegalStateException("Cannot produce the benchmark orders to topic " + topic + ": "
          + failure.get().getMessage() + "; check the broker's log above", failure.get());
    }
    return new Throughput(records, bytes, System.nanoTime() - started, -1, -1);
  }

  /** Confluent's wire format: byte 0, the schema id as a big-endian int32, the payload. */
  static byte[] confluent(int schemaId, byte[] payload) {
    return ByteBuffer.allocate(5 + payload.length).put((byte) 0).putInt(schemaId).put(payload).array();
  }

  /** Each partition's end offset for a read_committed consumer, checked against the records sent. */
  static Map<Integer, Long> endOffsets(KafkaBroker broker, String topic, long records) {
    Map<Integer, Long> ends = new TreeMap<>(broker.endOffsets(topic, IsolationLevel.READ_COMMITTED));
    long total = ends.values().stream().mapToLong(Long::longValue).sum();
    if (total != records) {
      throw new IllegalStateException("Topic " + topic + " holds " + total + " records after producing " + records
          + ": the benchmark needs a fresh broker");
    }
    return ends;
  }

  static List<TopicPartition> partitions(String topic, Map<Integer, Long> ends) {
    return ends.keySet().stream().map(partition -> new TopicPartition(topic, partition)).toList();
  }

  /** Key + value + header bytes (header keys as UTF-8), the size every phase counts. */
  static long sizeOf(ConsumerRecord<byte[], byte[]> record) {
    long size = (long) Math.max(0, record.serializedKeySize()) + Math.max(0, record.serializedValueSize());
    for (Header header : record.headers()) {
      size += header.key().getBytes(UTF_8).length + (header.value() == null ? 0 : header.value().length);
    }
    return size;
  }
}
