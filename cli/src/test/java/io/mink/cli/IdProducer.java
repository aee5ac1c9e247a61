package io.mink.cli;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Writes plain-JSON records {@code {"id": n, "payload": "...", "score": n}} with unique ids to random partitions of a topic, on
 * a thread of its own, until closed, and keeps each id's partition and offset as Kafka acknowledged them. Each
 * record carries the given headers, such as a schema id.
 */
final class IdProducer implements AutoCloseable {
  /** Where Kafka put a record. */
  record Position(int partition, long offset) {}

  private static final int BATCH = 25;
  private static final long PAUSE_MILLIS = 10;

  private final KafkaProducer<byte[], byte[]> producer;
  private final String topic;
  private final int partitions;
  private final Random random;
  private final Map<Long, Position> positions = new ConcurrentHashMap<>();
  private final AtomicReference<Exception> failure = new AtomicReference<>();
  private final Map<String, byte[]> headers;
  private final Thread thread;
  private volatile boolean stopping;
  private long nextId;

  IdProducer(String bootstrapServers, String topic, int partitions, long seed) {
    this(bootstrapServers, topic, partitions, seed, Map.of());
  }

  IdProducer(
      String bootstrapServers,
      String topic,
      int partitions,
      long seed,
      Map<String, byte[]> headers) {
    this.headers = Map.copyOf(headers);
    this.producer = new KafkaProducer<>(
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrapServers,
            ProducerConfig.ACKS_CONFIG,
            "all",
            ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
            true,
            ProducerConfig.LINGER_MS_CONFIG,
            5),
        new ByteArraySerializer(),
        new ByteArraySerializer());
    this.topic = topic;
    this.partitions = partitions;
    this.random = new Random(seed);
    this.thread = new Thread(this::produce, "id-producer-" + topic);
    thread.start();
  }

  @SuppressWarnings("FutureReturnValueIgnored") // the callback sees each send's outcome
  private void produce() {
    while (!stopping && failure.get() == null) {
      for (int i = 0; i < BATCH; i++) {
        long id = nextId++;
        byte[] value = ("{\"id\":" + id + ",\"payload\":\"record " + id + " of " + topic
                + "\",\"score\":" + id + "}")
            .getBytes(UTF_8);
        ProducerRecord<byte[], byte[]> record =
            new ProducerRecord<>(topic, random.nextInt(partitions), null, value);
        headers.forEach((key, header) -> record.headers().add(key, header));
        producer.send(record, (metadata, exception) -> {
          if (exception != null) {
            failure.compareAndSet(null, exception);
          } else {
            positions.put(id, new Position(metadata.partition(), metadata.offset()));
          }
        });
      }
      try {
        Thread.sleep(PAUSE_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** Stops writing, waits for every acknowledgement and returns each id's position. */
  Map<Long, Position> stop() {
    stopping = true;
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while stopping the producer", e);
    }
    producer.flush();
    if (failure.get() != null) {
      throw new IllegalStateException("A record of " + topic + " was not written", failure.get());
    }
    if (positions.size() != nextId) {
      throw new IllegalStateException(
          "Kafka acknowledged " + positions.size() + " of " + nextId + " records of " + topic);
    }
    return Map.copyOf(positions);
  }

  @Override
  public void close() {
    stopping = true;
    producer.close();
  }
}
