package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;
import java.time.Instant;
import java.time.ZoneOffset;

/** Reads a google.protobuf.Timestamp as a timestamptz (an OffsetDateTime in UTC). */
final class TimestampReader implements ValueReader {
  static final TimestampReader INSTANCE = new TimestampReader();

  private TimestampReader() {}

  @Override
  public int wireType() {
    return ProtoInput.LEN;
  }

  @Override
  public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
    int length = in.readLength(field);
    in.checkDepth(depth + 1);
    int outerLimit = in.enter(length);
    ProtoTime time = ProtoTime.readBody(in, field, depth + 1);
    in.exit(outerLimit);
    return time.toTimestamp(field);
  }

  @Override
  public Object defaultValue() {
    return Instant.EPOCH.atOffset(ZoneOffset.UTC);
  }
}
