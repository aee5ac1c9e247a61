package io.mink.bench.read;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.query.read.ReadProgress;
import io.mink.query.read.TopicIds;
import io.mink.query.read.UnionRead;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.TableDescriptor;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * A table the benchmark reads, with what {@code mink read} opens for it: the table as the catalog has it now, a
 * consumer as {@code mink read} makes it, and a fresh registry decoder.
 *
 * @param consumerSettings consumer properties over mink read's, for trying other fetch settings; empty by default
 */
record ReadSubject(
    InProcessSidecar sidecar,
    TableDescriptor descriptor,
    Supplier<PartDecoder> decoders,
    Map<String, Object> consumerSettings) {
  ReadSubject {
    requireNonNull(sidecar, "sidecar is null");
    requireNonNull(descriptor, "descriptor is null");
    requireNonNull(decoders, "decoders is null");
    consumerSettings = Map.copyOf(consumerSettings);
  }

  /**
   * The consumer {@code mink read} reads the tail with: the [kafka] settings alone, no group, read_committed; with
   * the benchmark's consumer settings, which are none unless a run asks for some.
   */
  KafkaConsumer<byte[], byte[]> consumer() {
    Map<String, Object> settings = new HashMap<>(UnionRead.CONSUMER_SETTINGS);
    settings.putAll(consumerSettings);
    return sidecar.clients.rawConsumer("read", settings);
  }

  /** A read of the table as it is now, holding at most {@code tailMemoryBytes} of tail batches. */
  UnionRead read(
      KafkaConsumer<byte[], byte[]> consumer, ReadProgress progress, long tailMemoryBytes) {
    return new UnionRead(
        sidecar.table(descriptor),
        descriptor,
        consumer,
        TopicIds.connecting(sidecar.clients),
        Optional.of(decoders.get()),
        progress,
        tailMemoryBytes);
  }
}
