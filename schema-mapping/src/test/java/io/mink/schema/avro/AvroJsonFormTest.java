package io.mink.schema.avro;

import static io.mink.schema.avro.AvroPayloads.compile;
import static io.mink.schema.avro.AvroPayloads.roundTripField;
import static io.mink.schema.avro.AvroPayloads.rowWith;
import static io.mink.schema.avro.AvroPayloads.schemaOfF;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.api.Test;

/** The JSON form of values held as JSON strings, as {@link AvroJsonWriters} documents it. */
class AvroJsonFormTest {
  private static final String MIXED = "[\"null\",\"boolean\",\"double\",\"bytes\","
      + "{\"type\":\"array\",\"items\":\"long\"},{\"type\":\"map\",\"values\":\"string\"},"
      + "{\"type\":\"enum\",\"name\":\"Suit\",\"symbols\":[\"HEARTS\",\"SPADES\"]},"
      + "{\"type\":\"record\",\"name\":\"Card\",\"fields\":["
      + "{\"name\":\"rank\",\"type\":\"int\"},{\"name\":\"suit\",\"type\":\"Suit\"},"
      + "{\"name\":\"note\",\"type\":[\"null\",\"string\"]}]}]";

  private final CompiledAvroSchema mixed = compile(rowWith(MIXED));

  @Test
  void unionValueIsWrittenWithoutAvrosTypeWrapper() throws Exception {
    Schema card = schemaOfF(mixed).getTypes().get(7);
    GenericData.Record queen = new GenericData.Record(card);
    queen.put("rank", 12);
    queen.put("suit", new GenericData.EnumSymbol(card.getField("suit").schema(), "SPADES"));
    queen.put("note", "say \"hi\"\n");

    assertThat(roundTripField(mixed, queen))
        .isEqualTo("{\"rank\":12,\"suit\":\"SPADES\",\"note\":\"say \\\"hi\\\"\\n\"}");
    assertThat(roundTripField(mixed, true)).isEqualTo("true");
    assertThat(roundTripField(mixed, null)).isEqualTo("null");
    assertThat(roundTripField(mixed, List.of(1L, -2L))).isEqualTo("[1,-2]");
    assertThat(roundTripField(mixed, Map.of("k", "\u0001"))).isEqualTo("{\"k\":\"\\u0001\"}");
  }

  @Test
  void bytesAreWrittenAsBase64() throws Exception {
    assertThat(roundTripField(mixed, ByteBuffer.wrap(new byte[] {(byte) 0xfb, (byte) 0xff, 0x01})))
        .isEqualTo("\"+/8B\"");
  }

  @Test
  void nonFiniteDoublesAreWrittenAsStrings() throws Exception {
    assertThat(roundTripField(mixed, 0.5)).isEqualTo("0.5");
    assertThat(roundTripField(mixed, Double.NaN)).isEqualTo("\"NaN\"");
    assertThat(roundTripField(mixed, Double.NEGATIVE_INFINITY)).isEqualTo("\"-Infinity\"");
  }

  @Test
  void logicalTypesAreWrittenAsTheValuesTheirColumnsWouldHold() throws Exception {
    CompiledAvroSchema logical = compile(rowWith("[\"int\","
        + "{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":6,\"scale\":2},"
        + "{\"type\":\"string\",\"logicalType\":\"uuid\"},"
        + "{\"type\":\"long\",\"logicalType\":\"timestamp-millis\"}]"));
    CompiledAvroSchema dates = compile(
        rowWith(
            "[\"string\","
                + "{\"type\":\"int\",\"logicalType\":\"date\"},{\"type\":\"long\",\"logicalType\":\"time-micros\"}]"));
    UUID id = UUID.fromString("6f1c2a9e-0b5d-4c1e-9a7f-3e2d1c0b9a8f");

    assertThat(roundTripField(logical, new BigDecimal("-12.50"))).isEqualTo("-12.50");
    assertThat(roundTripField(logical, id)).isEqualTo("\"6f1c2a9e-0b5d-4c1e-9a7f-3e2d1c0b9a8f\"");
    assertThat(roundTripField(logical, Instant.parse("2024-05-01T13:45:00Z")))
        .isEqualTo("\"2024-05-01T13:45:00Z\"");
    assertThat(roundTripField(dates, LocalDate.of(2024, 5, 1))).isEqualTo("\"2024-05-01\"");
    assertThat(roundTripField(dates, LocalTime.of(13, 45, 30, 123_000_000)))
        .isEqualTo("\"13:45:30.123\"");
  }
}
