package io.mink.schema.decode;

import static java.util.Objects.requireNonNull;

import io.mink.schema.registry.SchemaRef;

/** The outcome of decoding a key or a value. */
public sealed interface PartResult {
  PartResult ABSENT = new Absent();

  /** Decoded with {@code schema}; {@code value} is an Iceberg generic value of {@code schema.type()}. */
  record Decoded(SchemaRef ref, CompiledSchema schema, Object value) implements PartResult {
    public Decoded {
      requireNonNull(ref, "ref is null");
      requireNonNull(schema, "schema is null");
    }
  }

  /**
   * Its schema found, the payload not decoded yet: whoever places it decodes it straight into columns
   * ({@link CompiledSchema#columnDecoder}). Only for schemas that {@link CompiledSchema#decodesIntoColumns()}.
   */
  record Encoded(SchemaRef ref, CompiledSchema schema, byte[] data, int offset, int length)
      implements PartResult {
    public Encoded {
      requireNonNull(ref, "ref is null");
      requireNonNull(schema, "schema is null");
      requireNonNull(data, "data is null");
    }

    /** The payload decoded into an object, as {@link Decoded} holds it. */
    public Object decode() throws UndecodableException {
      return schema.decode(data, offset, length);
    }
  }

  /** Kept raw, for this reason. */
  record Raw(RawReason reason, String detail) implements PartResult {
    public Raw {
      requireNonNull(reason, "reason is null");
      requireNonNull(detail, "detail is null");
    }
  }

  /** Kafka's key or value is null. */
  record Absent() implements PartResult {}
}
