package io.mink.schema.avro;

import static io.mink.schema.avro.AvroPayloads.compile;
import static io.mink.schema.avro.AvroPayloads.fieldF;
import static io.mink.schema.avro.AvroPayloads.roundTripField;
import static io.mink.schema.avro.AvroPayloads.rowWith;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.apache.avro.util.TimePeriod;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** docs/type-mapping.md, Avro: decimal, uuid, date, time, timestamps, nanosecond timestamps and duration. */
class AvroLogicalTypeMappingTest {
  private static final UUID ID = UUID.fromString("6f1c2a9e-0b5d-4c1e-9a7f-3e2d1c0b9a8f");

  @Test
  void decimalOnBytesMapsToDecimalOfItsPrecisionAndScale() throws Exception {
    CompiledAvroSchema compiled = compile(
        rowWith("{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":9,\"scale\":2}"));

    assertThat(fieldF(compiled).type()).isEqualTo(Types.DecimalType.of(9, 2));
    assertThat(roundTripField(compiled, new BigDecimal("-1234567.89")))
        .isEqualTo(new BigDecimal("-1234567.89"));
  }

  @Test
  void decimalOnFixedOfPrecision38MapsToDecimal38() throws Exception {
    CompiledAvroSchema compiled = compile(
        rowWith(
            "{\"type\":\"fixed\",\"name\":\"Amount\",\"size\":16,\"logicalType\":\"decimal\",\"precision\":38,\"scale\":10}"));
    BigDecimal largest = new BigDecimal("9999999999999999999999999999.9999999999");

    assertThat(fieldF(compiled).type()).isEqualTo(Types.DecimalType.of(38, 10));
    assertThat(roundTripField(compiled, largest)).isEqualTo(largest);
    assertThat(roundTripField(compiled, largest.negate())).isEqualTo(largest.negate());
  }

  @Test
  void uuidOnStringMapsToUuid() throws Exception {
    CompiledAvroSchema compiled =
        compile(rowWith("{\"type\":\"string\",\"logicalType\":\"uuid\"}"));

    assertThat(fieldF(compiled).type()).isEqualTo(Types.UUIDType.get());
    assertThat(roundTripField(compiled, ID)).isEqualTo(ID);
  }

  @Test
  void uuidOnFixed16MapsToUuid() throws Exception {
    CompiledAvroSchema compiled = compile(
        rowWith("{\"type\":\"fixed\",\"name\":\"Id\",\"size\":16,\"logicalType\":\"uuid\"}"));

    assertThat(fieldF(compiled).type()).isEqualTo(Types.UUIDType.get());
    assertThat(roundTripField(compiled, ID)).isEqualTo(ID);
  }

  @Test
  void dateMapsToDate() throws Exception {
    CompiledAvroSchema compiled = compile(rowWith("{\"type\":\"int\",\"logicalType\":\"date\"}"));

    assertThat(fieldF(compiled).type()).isEqualTo(Types.DateType.get());
    assertThat(roundTripField(compiled, LocalDate.of(2024, 2, 29)))
        .isEqualTo(LocalDate.of(2024, 2, 29));
    assertThat(roundTripField(compiled, LocalDate.of(1901, 1, 1)))
        .isEqualTo(LocalDate.of(1901, 1, 1));
  }

  @Test
  void timestampMillisMapsToTimestamptz() throws Exception {
    CompiledAvroSchema compiled =
        compile(rowWith("{\"type\":\"long\",\"logicalType\":\"timestamp-millis\"}"));
    Instant instant = Instant.parse("2024-05-01T13:45:30.123Z");

    assertThat(fieldF(compiled).type()).isEqualTo(Types.TimestampType.withZone());
    assertThat(roundTripField(compiled, instant))
        .isEqualTo(OffsetDateTime.ofInstant(instant, ZoneOffset.UTC));
  }

  @Test
  void timestampMicrosMapsToTimestamptz() throws Exception {
    CompiledAvroSchema compiled =
        compile(rowWith("{\"type\":\"long\",\"logicalType\":\"timestamp-micros\"}"));
    Instant beforeEpoch = Instant.parse("1969-12-31T23:59:59.999999Z");

    assertThat(fieldF(compiled).type()).isEqualTo(Types.TimestampType.withZone());
    assertThat(roundTripField(compiled, beforeEpoch))
        .isEqualTo(OffsetDateTime.ofInstant(beforeEpoch, ZoneOffset.UTC));
  }

  @Test
  void localTimestampMillisMapsToTimestamp() throws Exception {
    CompiledAvroSchema compiled =
        compile(rowWith("{\"type\":\"long\",\"logicalType\":\"local-timestamp-millis\"}"));
    LocalDateTime local = LocalDateTime.of(2024, 5, 1, 13, 45, 30, 123_000_000);

    assertThat(fieldF(compiled).type()).isEqualTo(Types.TimestampType.withoutZone());
    assertThat(roundTripField(compiled, local)).isEqualTo(local);
  }

  @Test
  void localTimestampMicrosMapsToTimestamp() throws Exception {
    CompiledAvroSchema compiled =
        compile(rowWith("{\"type\":\"long\",\"logicalType\":\"local-timestamp-micros\"}"));
    LocalDateTime local = LocalDateTime.of(1950, 7, 14, 1, 2, 3, 456_789_000);

    assertThat(fieldF(compiled).type()).isEqualTo(Types.TimestampType.withoutZone());
    assertThat(roundTripField(compiled, local)).isEqualTo(local);
  }

  @Test
  void timestampNanosMapsToLongOfNanoseconds() throws Exception {
    CompiledAvroSchema compiled =
        compile(rowWith("{\"type\":\"long\",\"logicalType\":\"timestamp-nanos\"}"));
    Instant instant = Instant.parse("2024-05-01T13:45:30.123456789Z");

    assertThat(fieldF(compiled).type()).isEqualTo(Types.LongType.get());
    assertThat(roundTripField(compiled, instant)).isEqualTo(1_714_571_130_123_456_789L);
  }

  @Test
  void localTimestampNanosMapsToLongOfNanoseconds() throws Exception {
    CompiledAvroSchema compiled =
        compile(rowWith("{\"type\":\"long\",\"logicalType\":\"local-timestamp-nanos\"}"));
    LocalDateTime local = LocalDateTime.of(1970, 1, 1, 0, 0, 1, 5);

    assertThat(fieldF(compiled).type()).isEqualTo(Types.LongType.get());
    assertThat(roundTripField(compiled, local)).isEqualTo(1_000_000_005L);
  }

  @Test
  void durationMapsToFixed12() throws Exception {
    CompiledAvroSchema compiled = compile(
        rowWith("{\"type\":\"fixed\",\"name\":\"Span\",\"size\":12,\"logicalType\":\"duration\"}"));
    byte[] monthsDaysMillis = {2, 0, 0, 0, 3, 0, 0, 0, (byte) 0xe8, 3, 0, 0};

    assertThat(fieldF(compiled).type()).isEqualTo(Types.FixedType.ofLength(12));
    assertThat(roundTripField(compiled, TimePeriod.of(2, 3, 1000))).isEqualTo(monthsDaysMillis);
  }

  @Test
  void logicalTypeOnTheWrongBaseTypeMapsAsTheBaseType() throws Exception {
    CompiledAvroSchema dateOnString =
        compile(rowWith("{\"type\":\"string\",\"logicalType\":\"date\"}"));
    CompiledAvroSchema timestampOnInt =
        compile(rowWith("{\"type\":\"int\",\"logicalType\":\"timestamp-millis\"}"));
    CompiledAvroSchema uuidOnFixed8 = compile(
        rowWith("{\"type\":\"fixed\",\"name\":\"Short\",\"size\":8,\"logicalType\":\"uuid\"}"));
    CompiledAvroSchema decimalTooWideForItsFixed = compile(
        rowWith(
            "{\"type\":\"fixed\",\"name\":\"Two\",\"size\":2,\"logicalType\":\"decimal\",\"precision\":20,\"scale\":2}"));

    assertThat(fieldF(dateOnString).type()).isEqualTo(Types.StringType.get());
    assertThat(roundTripField(dateOnString, "2024-01-01")).isEqualTo("2024-01-01");
    assertThat(fieldF(timestampOnInt).type()).isEqualTo(Types.IntegerType.get());
    assertThat(roundTripField(timestampOnInt, 42)).isEqualTo(42);
    assertThat(fieldF(uuidOnFixed8).type()).isEqualTo(Types.FixedType.ofLength(8));
    assertThat(fieldF(decimalTooWideForItsFixed).type()).isEqualTo(Types.FixedType.ofLength(2));
  }

  @Test
  void unlistedLogicalTypeMapsAsTheBaseType() {
    CompiledAvroSchema bigDecimal =
        compile(rowWith("{\"type\":\"bytes\",\"logicalType\":\"big-decimal\"}"));
    CompiledAvroSchema custom =
        compile(rowWith("{\"type\":\"long\",\"logicalType\":\"epoch-fortnights\"}"));

    assertThat(fieldF(bigDecimal).type()).isEqualTo(Types.BinaryType.get());
    assertThat(fieldF(custom).type()).isEqualTo(Types.LongType.get());
  }
}
