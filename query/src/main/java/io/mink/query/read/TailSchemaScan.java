package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.round.RowBuilder;
import io.mink.indexer.round.RowSegment;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.table.TableSchema;
import io.mink.schema.wire.Detection;
import io.mink.schema.wire.SchemaIdDetector;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/**
 * Settles the read schema of a tail before any of it is read for rows: every record's key and value schema ids are
 * found from their prefix or header, without decoding, and one record of each pair of ids is built by the round's row
 * builder, which merges its schemas into the table's as a round would. A record of a pair that merges nothing (its
 * parts kept raw, or a delete) leaves the pair open for the next record of it, at most {@value #TRIES_PER_PAIR}
 * times, since a round merges a schema only from a record it decodes.
 */
final class TailSchemaScan {
  static final int TRIES_PER_PAIR = 64;

  private final Consumer<byte[], byte[]> consumer;
  private final String topic;
  private final RowBuilder rows;
  private final Set<IdPair> settled = new HashSet<>();
  private final Map<IdPair, Integer> tries = new HashMap<>();

  TailSchemaScan(Consumer<byte[], byte[]> consumer, String topic, RowBuilder rows) {
    this.consumer = requireNonNull(consumer, "consumer is null");
    this.topic = requireNonNull(topic, "topic is null");
    this.rows = requireNonNull(rows, "rows is null");
  }

  /** The row builder's schema once every range's schema ids are merged. */
  TableSchema settle(List<TailRange> ranges) throws InterruptedException {
    for (TailRange range : ranges) {
      if (range.isEmpty()) {
        continue;
      }
      TailFetch fetch = new TailFetch(consumer, topic, range);
      for (List<ConsumerRecord<byte[], byte[]>> batch = fetch.next();
          !batch.isEmpty();
          batch = fetch.next()) {
        for (ConsumerRecord<byte[], byte[]> record : batch) {
          offer(record);
        }
      }
    }
    return rows.current();
  }

  private void offer(ConsumerRecord<byte[], byte[]> record) throws InterruptedException {
    IdPair pair = new IdPair(
        ref(record.key(), record, SchemaIdDetector.KEY_HEADER),
        ref(record.value(), record, SchemaIdDetector.VALUE_HEADER));
    if ((pair.key().isEmpty() && pair.value().isEmpty()) || settled.contains(pair)) {
      return;
    }
    int tried = tries.merge(pair, 1, Integer::sum);
    if (tried > TRIES_PER_PAIR) {
      return;
    }
    long rawBefore = rawCount();
    RowBuilder.Built built = rows.build(List.of(record));
    built.segments().forEach(RowSegment::close);
    if (built.records() < 1) {
      throw MinkException.external(
          "The schema registry did not answer while the read schema of topic "
              + topic + " was settled, at partition " + record.partition() + " offset "
              + record.offset()
              + ", so the read stopped rather than return the records undecoded: check [schema_registry] and"
              + " that the registry is up, then read again");
    }
    if (built.deletes().isEmpty() && rawCount() == rawBefore) {
      settled.add(pair);
    }
  }

  private long rawCount() {
    return rows.rawCounts().values().stream().mapToLong(Long::longValue).sum();
  }

  private static Optional<SchemaRef> ref(
      byte[] bytes, ConsumerRecord<byte[], byte[]> record, String headerName) {
    if (bytes == null) {
      return Optional.empty();
    }
    Header header = record.headers().lastHeader(headerName);
    Detection detection = SchemaIdDetector.detect(bytes, header == null ? null : header.value());
    return detection instanceof Detection.Found found
        ? Optional.of(found.payload().ref())
        : Optional.empty();
  }

  private record IdPair(Optional<SchemaRef> key, Optional<SchemaRef> value) {}
}
