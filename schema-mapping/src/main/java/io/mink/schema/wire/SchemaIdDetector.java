package io.mink.schema.wire;

import io.mink.schema.registry.SchemaRef;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.UUID;

/**
 * Finds the schema id of a key or value: the header wins over a prefix; then the Glue prefix; then
 * the Confluent prefix. Pure: bytes in, a {@link Detection} out; never throws on any input.
 */
public final class SchemaIdDetector {
  public static final String KEY_HEADER = "__key_schema_id";
  public static final String VALUE_HEADER = "__value_schema_id";

  static final byte HEADER_MAGIC = 1;
  static final byte GLUE_MAGIC = 3;
  static final byte CONFLUENT_MAGIC = 0;
  static final byte GLUE_UNCOMPRESSED = 0;
  static final byte GLUE_ZLIB = 5;
  private static final int GUID_BYTES = 16;
  private static final int GLUE_PREFIX = 2 + GUID_BYTES;
  private static final int CONFLUENT_PREFIX = 5;

  private SchemaIdDetector() {}

  /**
   * Finds the schema id of a key or value.
   *
   * @param bytes the key or value, never null
   * @param schemaIdHeader the value of the part's schema-id header, or null when the record has none
   */
  public static Detection detect(byte[] bytes, byte[] schemaIdHeader) {
    if (schemaIdHeader != null) {
      return fromHeader(bytes, schemaIdHeader);
    }
    if (bytes.length >= GLUE_PREFIX
        && bytes[0] == GLUE_MAGIC
        && (bytes[1] == GLUE_UNCOMPRESSED || bytes[1] == GLUE_ZLIB)) {
      return fromGluePrefix(bytes);
    }
    if (bytes.length >= CONFLUENT_PREFIX && bytes[0] == CONFLUENT_MAGIC) {
      int id = ByteBuffer.wrap(bytes, 1, 4).getInt();
      return new Detection.Found(new WirePayload(
          WireFormat.CONFLUENT,
          new SchemaRef.ConfluentId(id),
          bytes,
          CONFLUENT_PREFIX,
          bytes.length - CONFLUENT_PREFIX,
          new byte[0]));
    }
    return new Detection.NoSchemaId();
  }

  private static Detection fromHeader(byte[] bytes, byte[] header) {
    if (header.length < 1 + GUID_BYTES || header[0] != HEADER_MAGIC) {
      return new Detection.NoSchemaId();
    }
    UUID guid = uuid(header, 1);
    byte[] tail = Arrays.copyOfRange(header, 1 + GUID_BYTES, header.length);
    return new Detection.Found(new WirePayload(
        WireFormat.HEADER, new SchemaRef.SchemaGuid(guid), bytes, 0, bytes.length, tail));
  }

  private static Detection fromGluePrefix(byte[] bytes) {
    UUID version = uuid(bytes, 2);
    SchemaRef ref = new SchemaRef.GlueVersionId(version);
    if (bytes[1] == GLUE_UNCOMPRESSED) {
      return new Detection.Found(new WirePayload(
          WireFormat.GLUE, ref, bytes, GLUE_PREFIX, bytes.length - GLUE_PREFIX, new byte[0]));
    }
    try {
      byte[] inflated = BoundedInflater.inflate(bytes, GLUE_PREFIX, bytes.length - GLUE_PREFIX);
      return new Detection.Found(
          new WirePayload(WireFormat.GLUE, ref, inflated, 0, inflated.length, new byte[0]));
    } catch (BoundedInflater.InflateException e) {
      return new Detection.Unreadable(e.getMessage());
    }
  }

  static UUID uuid(byte[] bytes, int offset) {
    ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, GUID_BYTES);
    return new UUID(buffer.getLong(), buffer.getLong());
  }
}
