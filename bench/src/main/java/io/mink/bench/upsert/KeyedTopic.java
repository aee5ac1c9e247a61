package io.mink.bench.upsert;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.mink.bench.BenchmarkTopic;
import io.mink.testkit.KafkaBroker;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * A keyed topic and what its records hold: key i is {@code key-%012d} (16 bytes), and the value of its v-th record
 * {@value #VALUE_BYTES} random bytes drawn from (i, v), so the live value of every key can be produced again. The
 * producer's default partitioner places the records, so a key stays in one partition, as an upsert table needs.
 */
final class KeyedTopic {
  static final int VALUE_BYTES = 200;
  static final int KEY_BYTES = 16;

  private final KafkaBroker broker;
  private final String topic;
  private final SplittableRandom random;
  private int[] versions = new int[1024];
  private int keys;
  private long records;

  private KeyedTopic(KafkaBroker broker, String topic, long seed) {
    this.broker = broker;
    this.topic = topic;
    this.random = new SplittableRandom(seed);
  }

  /** Creates the topic, with retention off, and an empty model of it. */
  static KeyedTopic create(KafkaBroker broker, String topic, int partitions, long seed) {
    broker.createTopic(topic, partitions, BenchmarkTopic.TOPIC_CONFIGS);
    return new KeyedTopic(broker, topic, seed);
  }

  String name() {
    return topic;
  }

  /** The keys produced so far, every one live: the topic has no tombstones. */
  int keys() {
    return keys;
  }

  long records() {
    return records;
  }

  /**
   * Produces {@code count} records, each an update of a key chosen uniformly among those produced before it with
   * probability {@code updateFraction}, else a new key; waits until all are acknowledged.
   */
  void append(int count, double updateFraction) {
    try (Sender sender = new Sender(topic)) {
      for (int i = 0; i < count; i++) {
        int key;
        if (keys > 0 && random.nextDouble() < updateFraction) {
          key = random.nextInt(keys);
          versions[key]++;
        } else {
          key = newKey();
        }
        sender.send(key, versions[key]);
      }
    }
    records += count;
  }

  /** Produces {@code count} updates of keys chosen uniformly among the existing ones. */
  void update(int count) {
    append(count, 1.0);
  }

  /** Produces each key's live value once, in key order, into {@code other}: the table a single round would make. */
  void copyLiveTo(String other) {
    try (Sender sender = new Sender(other)) {
      for (int key = 0; key < keys; key++) {
        sender.send(key, versions[key]);
      }
    }
  }

  private int newKey() {
    if (keys == versions.length) {
      versions = Arrays.copyOf(versions, keys * 2);
    }
    versions[keys] = 0;
    return keys++;
  }

  static byte[] key(int key) {
    return String.format(Locale.ROOT, "key-%012d", key).getBytes(UTF_8);
  }

  static byte[] value(int key, int version) {
    byte[] value = new byte[VALUE_BYTES];
    new SplittableRandom(((long) key << 32) ^ version).nextBytes(value);
    return value;
  }

  /** One producer for one batch of records, flushed and checked on close. */
  private final class Sender implements AutoCloseable {
    private final String target;
    private final KafkaProducer<byte[], byte[]> producer =
        broker.newProducer(BenchmarkTopic.PRODUCER_SETTINGS);
    private final AtomicReference<Exception> failure = new AtomicReference<>();

    Sender(String target) {
      this.target = target;
    }

    void send(int key, int version) {
      var unused = producer.send(
          new ProducerRecord<>(target, key(key), value(key, version)), (metadata, error) -> {
            if (error != null) {
              failure.compareAndSet(null, error);
            }
          });
    }

    @Override
    public void close() {
      producer.flush();
      producer.close();
      if (failure.get() != null) {
        throw new IllegalStateException(
            "Cannot produce the benchmark records to topic " + target + ": "
                + failure.get().getMessage() + "; check the broker's log above",
            failure.get());
      }
    }
  }
}
