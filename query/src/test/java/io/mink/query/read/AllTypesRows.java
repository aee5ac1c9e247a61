package io.mink.query.read;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

/**
 * Rows of a column of every type the vectorized reader reads, made from a row number, with nulls in every optional
 * column. Columns named {@code *_few} take few distinct values, so Parquet stores them all in dictionary pages;
 * {@code text} takes a value per four rows, so a small dictionary fills after some pages and the rest are plain.
 */
final class AllTypesRows {
  static final Schema SCHEMA = new Schema(
      required(1, "id", Types.LongType.get()),
      optional(2, "flag", Types.BooleanType.get()),
      optional(3, "count", Types.IntegerType.get()),
      optional(4, "big", Types.LongType.get()),
      optional(5, "ratio", Types.FloatType.get()),
      optional(6, "price_few", Types.DoubleType.get()),
      optional(7, "day", Types.DateType.get()),
      optional(8, "time", Types.TimeType.get()),
      optional(9, "local_few", Types.TimestampType.withoutZone()),
      optional(10, "instant", Types.TimestampType.withZone()),
      optional(11, "colour_few", Types.StringType.get()),
      optional(12, "text", Types.StringType.get()),
      optional(13, "bytes", Types.BinaryType.get()),
      optional(14, "uuid_few", Types.UUIDType.get()),
      optional(15, "code", Types.FixedType.ofLength(5)),
      optional(16, "cents", Types.DecimalType.of(9, 2)),
      optional(17, "amount_few", Types.DecimalType.of(18, 4)),
      optional(18, "huge", Types.DecimalType.of(38, 10)),
      required(19, "name", Types.StringType.get()));

  private static final OffsetDateTime EPOCH =
      OffsetDateTime.of(1970, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

  private AllTypesRows() {}

  static Record row(long r) {
    GenericRecord row = GenericRecord.create(SCHEMA);
    row.setField("id", r);
    row.setField("flag", nullEvery(r, 3) ? null : r % 2 == 0);
    row.setField("count", nullEvery(r, 5) ? null : (int) (r * 31 - 100_000));
    row.setField("big", nullEvery(r, 7) ? null : r * 1_000_003L - 4_000_000_000L);
    row.setField("ratio", nullEvery(r, 11) ? null : r * 0.25f - 7);
    row.setField("price_few", nullEvery(r, 13) ? null : (r % 17) / 4.0);
    row.setField("day", nullEvery(r, 4) ? null : LocalDate.ofEpochDay(r % 40_000 - 20_000));
    row.setField(
        "time",
        nullEvery(r, 6) ? null : LocalTime.ofNanoOfDay((r * 1_000_117L % 86_400_000_000L) * 1_000));
    row.setField(
        "local_few",
        nullEvery(r, 8) ? null : LocalDateTime.of(2024, 2, 29, 12, 0).plusSeconds(r % 50));
    row.setField(
        "instant",
        nullEvery(r, 9) ? null : EPOCH.plus((r * 7_919 - 30_000) * 1_001, ChronoUnit.MICROS));
    row.setField("colour_few", nullEvery(r, 10) ? null : "colour-" + (r % 10));
    row.setField(
        "text", nullEvery(r, 12) ? null : "row " + r / 4 + " " + "é".repeat((int) (r / 4 % 20)));
    row.setField("bytes", nullEvery(r, 14) ? null : ByteBuffer.wrap(bytes(r, (int) (r % 9))));
    row.setField("uuid_few", nullEvery(r, 15) ? null : new UUID(r % 3, -(r % 3) - 1));
    row.setField("code", nullEvery(r, 16) ? null : bytes(r, 5));
    row.setField("cents", nullEvery(r, 17) ? null : BigDecimal.valueOf(r * 7 - 50_000, 2));
    row.setField(
        "amount_few", nullEvery(r, 18) ? null : BigDecimal.valueOf((r % 5) * -123_456_789L, 4));
    row.setField("huge", nullEvery(r, 19) ? null : huge(r));
    row.setField("name", "name-" + (r % 1_000));
    return row;
  }

  private static boolean nullEvery(long r, int period) {
    return r % period == period - 1;
  }

  private static byte[] bytes(long r, int length) {
    byte[] bytes = Long.toString(r * 2_654_435_761L).getBytes(StandardCharsets.US_ASCII);
    byte[] out = new byte[length];
    for (int i = 0; i < length; i++) {
      out[i] = bytes[i % bytes.length];
    }
    return out;
  }

  /** Values past a long's range, negative for odd rows. */
  private static BigDecimal huge(long r) {
    BigInteger unscaled = BigInteger.valueOf(r + 1).pow(3).multiply(BigInteger.TEN.pow(20));
    return new BigDecimal(r % 2 == 0 ? unscaled : unscaled.negate(), 10);
  }
}
