package io.mink.bench.fuzz;

import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestHeader;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * Sends records 0 to n-1 of {@link FuzzRecords}, record i to partition i % partitions, with one idempotent producer
 * (acks=all), so that record i lands at offset i / partitions of its partition.
 */
final class FuzzProducer {
  /** What was sent: the records of each kind, and how long it took. */
  record Produced(Map<FuzzKind, Long> kinds, long nanos) {}

  private FuzzProducer() {}

  static Produced produce(
      KafkaBroker broker, String topic, FuzzRecords records, int partitions, long count) {
    Map<FuzzKind, Long> kinds = new EnumMap<>(FuzzKind.class);
    AtomicLong failed = new AtomicLong();
    AtomicReference<Exception> firstFailure = new AtomicReference<>();
    long started = System.nanoTime();
    try (KafkaProducer<byte[], byte[]> producer = broker.newProducer(Map.of(
        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
        true,
        ProducerConfig.LINGER_MS_CONFIG,
        20,
        ProducerConfig.BATCH_SIZE_CONFIG,
        512 * 1024,
        ProducerConfig.COMPRESSION_TYPE_CONFIG,
        "lz4"))) {
      for (long i = 0; i < count; i++) {
        FuzzRecord record = records.generate(i);
        kinds.merge(record.kind(), 1L, Long::sum);
        List<org.apache.kafka.common.header.Header> headers =
            record.headers().stream().map(TestHeader::toHeader).toList();
        Future<RecordMetadata> unused = producer.send(
            new ProducerRecord<>(
                topic, (int) (i % partitions), null, record.key(), record.value(), headers),
            (metadata, exception) -> {
              if (exception != null) {
                failed.incrementAndGet();
                firstFailure.compareAndSet(null, exception);
              }
            });
      }
      producer.flush();
    }
    if (failed.get() > 0) {
      throw new IllegalStateException(
          failed.get() + " records were not acknowledged by the broker", firstFailure.get());
    }
    return new Produced(kinds, System.nanoTime() - started);
  }
}
