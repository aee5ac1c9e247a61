package io.mink.schema.registry;

import static java.util.Objects.requireNonNull;

import java.util.UUID;

/**
 * How a Kafka record names the schema it was written with. Every kind names one immutable schema,
 * so a schema fetched for a ref may be kept forever.
 */
public sealed interface SchemaRef {

  /** Confluent's prefix: byte 0, then the registry's int32 schema id. */
  record ConfluentId(int id) implements SchemaRef {
    @Override
    public String toString() {
      return "id " + id;
    }
  }

  /** Confluent's header format: byte 1 and the schema's GUID, fetched with GET /schemas/guids/{guid}. */
  record SchemaGuid(UUID guid) implements SchemaRef {
    public SchemaGuid {
      requireNonNull(guid, "guid is null");
    }

    @Override
    public String toString() {
      return "GUID " + guid;
    }
  }

  /** AWS Glue's prefix: byte 3, a compression byte, then the schema version's UUID. */
  record GlueVersionId(UUID schemaVersionId) implements SchemaRef {
    public GlueVersionId {
      requireNonNull(schemaVersionId, "schemaVersionId is null");
    }

    @Override
    public String toString() {
      return "Glue version " + schemaVersionId;
    }
  }

  /**
   * A schema the record carries itself, such as Kafka Connect's JsonConverter writes beside the payload; no
   * registry holds it. {@code digest} names it in logs: the SHA-256 of its text.
   */
  record InRecord(String digest) implements SchemaRef {
    public InRecord {
      requireNonNull(digest, "digest is null");
    }

    @Override
    public String toString() {
      return "in-record schema sha256:" + digest;
    }
  }
}
