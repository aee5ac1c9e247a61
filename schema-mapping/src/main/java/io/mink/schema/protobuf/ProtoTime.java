package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** The seconds and nanos of a google.protobuf.Timestamp or Duration, read and checked. */
record ProtoTime(long seconds, int nanos) {
  private static final long MIN_TIMESTAMP_SECONDS = -62_135_596_800L;
  private static final long MAX_TIMESTAMP_SECONDS = 253_402_300_799L;
  private static final long MAX_DURATION_SECONDS = 315_576_000_000L;
  private static final int MAX_NANOS = 999_999_999;

  /** Reads the body of a Timestamp or Duration message up to the cursor's limit. */
  static ProtoTime readBody(ProtoInput in, String field, int depth) throws UndecodableException {
    long seconds = 0;
    int nanos = 0;
    while (in.hasRemaining()) {
      int tag = in.readTag();
      if (tag == (1 << 3 | ProtoInput.VARINT)) {
        seconds = in.readVarint(field);
      } else if (tag == (2 << 3 | ProtoInput.VARINT)) {
        nanos = (int) in.readVarint(field);
      } else {
        in.skipField(tag, depth);
      }
    }
    return new ProtoTime(seconds, nanos);
  }

  /** As a timestamptz value, truncated to Iceberg's microseconds. */
  OffsetDateTime toTimestamp(String field) throws UndecodableException {
    checkTimestamp(field);
    return Instant.ofEpochSecond(seconds, nanos - nanos % 1000).atOffset(ZoneOffset.UTC);
  }

  /** As RFC 3339 in UTC with 0, 3, 6 or 9 fractional digits, the way proto3 JSON writes a Timestamp. */
  String toTimestampJson(String field) throws UndecodableException {
    checkTimestamp(field);
    LocalDateTime time = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC);
    return String.format(
        "%04d-%02d-%02dT%02d:%02d:%02d%sZ",
        time.getYear(),
        time.getMonthValue(),
        time.getDayOfMonth(),
        time.getHour(),
        time.getMinute(),
        time.getSecond(),
        fraction(nanos));
  }

  /** As seconds with 0, 3, 6 or 9 fractional digits and an "s", the way proto3 JSON writes a Duration. */
  String toDurationJson(String field) throws UndecodableException {
    if (Math.abs(seconds) > MAX_DURATION_SECONDS
        || Math.abs(nanos) > MAX_NANOS
        || (seconds < 0 && nanos > 0)
        || (seconds > 0 && nanos < 0)) {
      throw new UndecodableException("Invalid Protobuf Duration in " + field + ": seconds "
          + seconds + " and nanos " + nanos + " are out of range or of opposite signs");
    }
    String sign = seconds < 0 || nanos < 0 ? "-" : "";
    return sign + Math.abs(seconds) + fraction(Math.abs(nanos)) + "s";
  }

  private void checkTimestamp(String field) throws UndecodableException {
    if (seconds < MIN_TIMESTAMP_SECONDS
        || seconds > MAX_TIMESTAMP_SECONDS
        || nanos < 0
        || nanos > MAX_NANOS) {
      throw new UndecodableException(
          "Invalid Protobuf Timestamp in " + field + ": seconds " + seconds + " and nanos " + nanos
              + " are outside 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z");
    }
  }

  private static String fraction(int nanos) {
    if (nanos == 0) {
      return "";
    }
    if (nanos % 1_000_000 == 0) {
      return String.format(".%03d", nanos / 1_000_000);
    }
    if (nanos % 1_000 == 0) {
      return String.format(".%06d", nanos / 1_000);
    }
    return String.format(".%09d", nanos);
  }
}
