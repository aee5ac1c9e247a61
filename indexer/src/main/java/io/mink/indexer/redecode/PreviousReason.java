package io.mink.indexer.redecode;

import io.mink.indexer.decoding.KeptSchema;
import io.mink.schema.decode.RawReason;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.wire.Detection;
import io.mink.schema.wire.SchemaIdDetector;
import java.util.Optional;
import java.util.function.Function;

/**
 * Why a part the lake holds raw was left raw, as far as its bytes and the table's kept writer schemas tell: a row
 * carries no reason. A part without a schema id, or whose framing is broken, says so itself. A part with a schema id
 * was left raw because the schema was not found, could not be read, did not decode it or could not be merged. When
 * the table kept that schema before its rounds wrote the part ({@link KeptSchema#hadWhenWritten}), it was not for want
 * of the schema: {@value #KNOWN_SCHEMA}, one of unreadable-schema, undecodable-bytes, other-protobuf-message and
 * unmergeable-schema, which the lake cannot tell apart. Otherwise it is counted as {@link RawReason#UNKNOWN_SCHEMA},
 * the reason a wrong or emptied registry gives, and the most likely one.
 */
public final class PreviousReason {
  /** The previous reason of a part whose schema the table's rounds had when they wrote it. */
  public static final String KNOWN_SCHEMA = "known-schema";

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

  /**
   * The name of a raw part's previous reason in the summary's mink-redecoded counts: a {@link RawReason}'s key, or
   * {@value #KNOWN_SCHEMA}.
   *
   * @param kept the schema the table keeps for a ref, if any
   */
  public static String name(
      byte[] bytes,
      byte[] schemaIdHeader,
      Function<SchemaRef, Optional<KeptSchema>> kept,
      int partition,
      long offset) {
    Detection detection = SchemaIdDetector.detect(bytes, schemaIdHeader);
    if (detection instanceof Detection.Found found
        && kept.apply(found.payload().ref())
            .filter(schema -> schema.hadWhenWritten(partition, offset))
            .isPresent()) {
      return KNOWN_SCHEMA;
    }
    return of(bytes, schemaIdHeader).key();
  }
}
