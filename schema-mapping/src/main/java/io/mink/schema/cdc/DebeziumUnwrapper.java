package io.mink.schema.cdc;

import static java.util.Objects.requireNonNull;

import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.RawReason;
import io.mink.schema.decode.UndecodableException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Unwraps Debezium change events (the {@code before}, {@code after}, {@code source}, {@code op} envelope) into
 * the rows of an upsert table. Keep one per table, or share one: it keeps, per envelope schema object, the
 * unwrapped schema, so records written with the same envelope schema give rows of the same
 * {@link CompiledSchema} object. Never throws for bad data. Safe to share between threads.
 */
public final class DebeziumUnwrapper {
  private final ConnectJsonDecoder schemaless;
  private final Map<CompiledSchema, Unwrapping> unwrappings = new ConcurrentHashMap<>();

  /** Unwraps with {@code options} choosing the types of Kafka Connect JSON values (see {@link ConnectJsonDecoder}). */
  public DebeziumUnwrapper(MappingOptions options) {
    this.schemaless = new ConnectJsonDecoder(requireNonNull(options, "options is null"));
  }

  /**
   * What one record does to the table, from its value as the part decoder gave it and its raw value bytes.
   * A null value (tombstone) deletes. A value without a schema id is read as Kafka Connect JSON
   * ({@code value.converter=org.apache.kafka.connect.json.JsonConverter} with schemas enabled). Any other value
   * that was not decoded stays raw with the reason its decoding gave.
   *
   * @param value the value's decoding: {@code Decoded}, {@code Encoded}, {@code Raw} or {@code Absent}
   * @param valueBytes Kafka's value bytes, null for a tombstone
   */
  public ChangeEvent unwrap(PartResult value, byte[] valueBytes) {
    requireNonNull(value, "value is null");
    if (value instanceof PartResult.Decoded decoded) {
      return unwrap(decoded);
    }
    if (value instanceof PartResult.Encoded encoded) {
      return unwrapEncoded(encoded);
    }
    if (value instanceof PartResult.Raw raw) {
      return raw.reason() == RawReason.NO_SCHEMA_ID && valueBytes != null
          ? unwrapSchemaless(valueBytes)
          : new ChangeEvent.NotAnEnvelope(raw);
    }
    return new ChangeEvent.Delete(ChangeEvent.Cause.TOMBSTONE);
  }

  /** What one decoded envelope does to the table. */
  public ChangeEvent unwrap(PartResult.Decoded envelope) {
    requireNonNull(envelope, "envelope is null");
    Unwrapping unwrapping = unwrappings.computeIfAbsent(envelope.schema(), Unwrapping::of);
    if (unwrapping.schema == null) {
      return UnwrappedSchema.notAnEnvelope(unwrapping.problem);
    }
    return unwrapping.schema.event(envelope.ref(), envelope.value());
  }

  private ChangeEvent unwrapEncoded(PartResult.Encoded encoded) {
    try {
      return unwrap(new PartResult.Decoded(encoded.ref(), encoded.schema(), encoded.decode()));
    } catch (UndecodableException e) {
      return new ChangeEvent.NotAnEnvelope(
          new PartResult.Raw(RawReason.UNDECODABLE_BYTES, String.valueOf(e.getMessage())));
    }
  }

  private ChangeEvent unwrapSchemaless(byte[] valueBytes) {
    PartResult decoded = schemaless.decode(valueBytes);
    return decoded instanceof PartResult.Decoded envelope
        ? unwrap(envelope)
        : new ChangeEvent.NotAnEnvelope((PartResult.Raw) decoded);
  }

  private record Unwrapping(UnwrappedSchema schema, String problem) {
    static Unwrapping of(CompiledSchema envelope) {
      EnvelopeLayout.Found found = EnvelopeLayout.of(envelope.type());
      return found.layout() == null
          ? new Unwrapping(null, found.problem())
          : new Unwrapping(new UnwrappedSchema(envelope, found.layout()), null);
    }
  }
}
