package io.mink.indexer.redecode;

import io.mink.schema.decode.RawReason;
import io.mink.schema.wire.Detection;
import io.mink.schema.wire.SchemaIdDetector;

/**
 * Why a part the lake holds raw was left raw, as far as its bytes tell: a row carries no reason. A part without a
 * schema id, or whose framing is broken, says so itself. A part with a schema id was left raw because the schema was
 * not found, could not be read, did not decode it or could not be merged; the lake cannot tell these apart, and they
 * are all counted as {@link RawReason#UNKNOWN_SCHEMA}, the reason a wrong or emptied registry gives.
 */
public final class PreviousReason {
  private PreviousReason() {}

  /** The reason of a raw part, from its bytes and its schema id header (null when it has none). */
  public static RawReason of(byte[] bytes, byte[] schemaIdHeader) {
    Detection detection = SchemaIdDetector.detect(bytes, schemaIdHeader);
    if (detection instanceof Detection.NoSchemaId) {
      return RawReason.NO_SCHEMA_ID;
    }
    if (detection instanceof Detection.Unreadable) {
      return RawReason.UNDECODABLE_BYTES;
    }
    return RawReason.UNKNOWN_SCHEMA;
  }
}
