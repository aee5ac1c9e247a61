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
