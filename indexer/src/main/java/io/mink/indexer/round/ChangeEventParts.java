package io.mink.indexer.round;

import io.mink.lake.MinkTableLayout;
import io.mink.schema.cdc.ChangeEvent;
import io.mink.schema.cdc.DebeziumUnwrapper;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.RawReason;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The parts of a change-event table's records: the value unwrapped from Debezium's envelope. A create, update or
 * snapshot read is the row after the change; a delete event or a tombstone deletes the key; any other value keeps
 * its raw bytes with its reason. Without a schema registry, values are read as Kafka Connect JSON with schemas.
 */
public final class ChangeEventParts implements RecordParts {
  private static final PartResult.Raw NO_REGISTRY =
      new PartResult.Raw(RawReason.NO_SCHEMA_ID, "no schema registry is configured");

  private final RecordParts registry;
  private final DebeziumUnwrapper unwrapper;

  /**
   * Unwraps what {@code registry} decodes.
   *
   * @param registry decodes through the schema registry; null when none is configured
   */
  ChangeEventParts(RecordParts registry, DebeziumUnwrapper unwrapper) {
    this.registry = registry;
    this.unwrapper = unwrapper;
  }

  /**
   * The parts of a table's records: {@code registry}'s, unwrapped when the table's options say its records are
   * change events.
   *
   * @param registry decodes through the schema registry; null when none is configured
   */
  public static RecordParts of(Map<String, String> tableOptions, RecordParts registry) {
    return MinkTableLayout.cdc(tableOptions).isPresent()
        ? new ChangeEventParts(
            registry, new DebeziumUnwrapper(MinkTableLayout.mappingOptions(tableOptions)))
        : registry;
  }

  @Override
  public Optional<Parts> decode(ConsumerRecord<byte[], byte[]> record) throws InterruptedException {
    Parts parts;
    if (registry == null) {
      parts = new Parts(
          record.key() == null ? PartResult.ABSENT : NO_REGISTRY,
          record.value() == null ? PartResult.ABSENT : NO_REGISTRY);
    } else {
      Optional<Parts> decoded = registry.decode(record);
      if (decoded.isEmpty()) {
        return decoded;
      }
      parts = decoded.get();
    }
    ChangeEvent event = unwrapper.unwrap(parts.value(), record.value());
    if (event instanceof ChangeEvent.Upsert upsert) {
      return Optional.of(new Parts(parts.key(), upsert.row()));
    }
    if (event instanceof ChangeEvent.NotAnEnvelope raw) {
      return Optional.of(new Parts(parts.key(), raw.raw()));
    }
    return Optional.of(new Parts(parts.key(), PartResult.ABSENT, true));
  }
}
