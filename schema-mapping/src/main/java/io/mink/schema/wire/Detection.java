package io.mink.schema.wire;

import static java.util.Objects.requireNonNull;

/** What schema-id detection found in a record part. */
public sealed interface Detection {
  /** A schema id and its payload. */
  record Found(WirePayload payload) implements Detection {
    public Found {
      requireNonNull(payload, "payload is null");
    }
  }

  /** No schema id: the part keeps its raw bytes. */
  record NoSchemaId() implements Detection {}

  /** A schema id whose payload cannot be read, such as a zlib Glue payload that does not inflate. */
  record Unreadable(String reason) implements Detection {
    public Unreadable {
      requireNonNull(reason, "reason is null");
    }
  }
}
