package io.mink.schema.avro;

import static io.mink.schema.avro.AvroPayloads.compile;
import static io.mink.schema.avro.AvroPayloads.decode;
import static io.mink.schema.avro.AvroPayloads.fieldF;
import static io.mink.schema.avro.AvroPayloads.roundTripField;
import static io.mink.schema.avro.AvroPayloads.rowWith;
import static io.mink.schema.avro.AvroPayloads.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.TimeOfDay;
import io.mink.schema.decode.UndecodableException;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericData;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** time-millis and time-micros under each mink.time-as: the column's type, its doc and the values decoded. */
class AvroTimeOfDayTest {
  private static final String MILLIS = "{\"type\":\"int\",\"logicalType\":\"time-millis\"}";
  private static final String MICROS = "{\"type\":\"long\",\"logicalType\":\"time-micros\"}";
  private static final LocalTime LAST_MILLI = LocalTime.of(23, 59, 59, 999_000_000);
  private static final DateTimeFormatter ISO_MICROS =
      DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSS");
  private static final LocalTime EARLY = LocalTime.of(0, 0, 1, 123_456_000);

  @Test
  void timeAsTimeMapsToIcebergTimeAndLocalTimes() throws Exception {
    CompiledAvroSchema millis = compile(rowWith(MILLIS), options(TimeOfDay.TIME));
    CompiledAvroSchema micros = compile(rowWith(MICROS), options(TimeOfDay.TIME));

    assertThat(fieldF(millis).type()).isEqualTo(Types.TimeType.get());
    assertThat(fieldF(millis).doc()).isNull();
    assertThat(roundTripField(millis, LAST_MILLI)).isEqualTo(LAST_MILLI);
    assertThat(fieldF(micros).type()).isEqualTo(Types.TimeType.get());
    assertThat(roundTripField(micros, EARLY)).isEqualTo(EARLY);
  }

  @Test
  void timeAsLongIsMicrosecondsSinceMidnightAndTheDocSaysSo() throws Exception {
    CompiledAvroSchema millis = compile(rowWith(MILLIS), options(TimeOfDay.LONG));
    CompiledAvroSchema micros = compile(rowWith(MICROS), options(TimeOfDay.LONG));

    assertThat(fieldF(millis).type()).isEqualTo(Types.LongType.get());
    assertThat(fieldF(millis).doc()).isEqualTo("time of day in microseconds since midnight");
    assertThat(roundTripField(millis, LAST_MILLI)).isEqualTo(86_399_999_000L);
    assertThat(roundTripField(millis, LocalTime.MIDNIGHT)).isEqualTo(0L);
    assertThat(fieldF(micros).type()).isEqualTo(Types.LongType.get());
    assertThat(roundTripField(micros, EARLY)).isEqualTo(1_123_456L);
    assertThat(roundTripField(micros, LocalTime.of(23, 59, 59, 999_999_000)))
        .isEqualTo(86_399_999_999L);
  }

  @Test
  void timeAsStringIsIsoTextWithSixFractionDigits() throws Exception {
    CompiledAvroSchema millis = compile(rowWith(MILLIS), options(TimeOfDay.STRING));
    CompiledAvroSchema micros = compile(rowWith(MICROS), options(TimeOfDay.STRING));

    assertThat(fieldF(millis).type()).isEqualTo(Types.StringType.get());
    assertThat(fieldF(millis).doc()).isEqualTo("time of day as HH:MM:SS.ffffff");
    assertThat(roundTripField(millis, LAST_MILLI)).isEqualTo("23:59:59.999000");
    assertThat(roundTripField(millis, LocalTime.MIDNIGHT)).isEqualTo("00:00:00.000000");
    assertThat(roundTripField(micros, EARLY)).isEqualTo("00:00:01.123456");
    assertThat(roundTripField(micros, LocalTime.of(9, 5, 7, 800_000))).isEqualTo("09:05:07.000800");
  }

  @Test
  void theDefaultIsLong() {
    assertThat(fieldF(compile(rowWith(MILLIS))).type()).isEqualTo(Types.LongType.get());
    assertThat(MappingOptions.DEFAULT.timeOfDay()).isEqualTo(TimeOfDay.LONG);
  }

  @Test
  void textSortsAsTheTimesDo() {
    List<Long> micros = List.of(
        0L,
        1L,
        999_999L,
        1_000_000L,
        59_999_999L,
        3_600_000_000L,
        43_200_000_001L,
        86_399_999_999L);
    List<String> texts =
        new ArrayList<>(micros.stream().map(TemporalDecoders::timeOfDayText).toList());

    assertThat(texts).isSortedAccordingTo(Comparator.naturalOrder());
    for (long value : micros) {
      assertThat(TemporalDecoders.timeOfDayText(value))
          .isEqualTo(ISO_MICROS.format(LocalTime.ofNanoOfDay(value * 1000)));
    }
  }

  @ParameterizedTest
  @EnumSource(TimeOfDay.class)
  void aTimeOutsideADayIsUndecodableWhateverTheColumn(TimeOfDay timeOfDay) {
    CompiledAvroSchema millis = compile(rowWith("\"int\""), options(timeOfDay));
    CompiledAvroSchema asTime = compile(rowWith(MILLIS), options(timeOfDay));
    GenericData.Record row = new GenericData.Record(millis.avroSchema());
    row.put("f", 86_400_000);

    assertThatThrownBy(() -> decode(asTime, write(millis.avroSchema(), row)))
        .isInstanceOf(UndecodableException.class)
        .hasMessageContaining("time-millis value 86400000 for field f at byte 0 is outside a day");
  }

  @Test
  void optionalsListElementsMapValuesAndNestedFieldsFollowTheOption() throws Exception {
    String schema = """
        {"type": "record", "name": "Ride", "fields": [
          {"name": "pickup", "type": ["null", %1$s], "doc": "when the rider was picked up"},
          {"name": "stops", "type": {"type": "array", "items": %1$s}},
          {"name": "slots", "type": {"type": "map", "values": ["null", %2$s]}},
          {"name": "driver", "type": {"type": "record", "name": "Driver", "fields": [
            {"name": "shift_start", "type": %2$s}]}}]}
        """.formatted(MILLIS, MICROS);
    CompiledAvroSchema compiled = compile(schema, options(TimeOfDay.STRING));
    GenericData.Record driver =
        new GenericData.Record(compiled.avroSchema().getField("driver").schema());
    driver.put("shift_start", EARLY);
    GenericData.Record ride = new GenericData.Record(compiled.avroSchema());
    ride.put("pickup", LAST_MILLI);
    ride.put("stops", List.of(LocalTime.NOON, LocalTime.MIDNIGHT));
    ride.put("slots", Map.of("a", EARLY));
    ride.put("driver", driver);

    Types.StructType type = compiled.type().asStructType();
    assertThat(type.field("pickup").type()).isEqualTo(Types.StringType.get());
    assertThat(type.field("pickup").doc())
        .isEqualTo("when the rider was picked up (time of day as HH:MM:SS.ffffff)");
    assertThat(type.field("stops").type().asListType().elementType())
        .isEqualTo(Types.StringType.get());
    assertThat(type.field("stops").doc())
        .isEqualTo("list elements: time of day as HH:MM:SS.ffffff");
    assertThat(type.field("slots").type().asMapType().valueType())
        .isEqualTo(Types.StringType.get());
    assertThat(type.field("slots").doc()).isEqualTo("map values: time of day as HH:MM:SS.ffffff");
    assertThat(type.field("driver").type().asStructType().field("shift_start").type())
        .isEqualTo(Types.StringType.get());
    GenericRecord decoded = (GenericRecord) decode(compiled, write(compiled.avroSchema(), ride));
    assertThat(decoded.getField("pickup")).isEqualTo("23:59:59.999000");
    assertThat(decoded.getField("stops")).isEqualTo(List.of("12:00:00.000000", "00:00:00.000000"));
    assertThat(decoded.getField("slots")).isEqualTo(Map.of("a", "00:00:01.123456"));
    assertThat(((GenericRecord) decoded.getField("driver")).getField("shift_start"))
        .isEqualTo("00:00:01.123456");
  }

  @Test
  void theOptionParsesItsThreeValuesAndSaysWhatToUseOtherwise() {
    assertThat(TimeOfDay.parse("time")).isEqualTo(TimeOfDay.TIME);
    assertThat(TimeOfDay.parse(" LONG ")).isEqualTo(TimeOfDay.LONG);
    assertThat(TimeOfDay.parse("string")).isEqualTo(TimeOfDay.STRING);
    assertThatThrownBy(() -> TimeOfDay.parse("micros"))
        .hasMessage("Invalid mink.time-as 'micros': use time, long, string");
  }

  private static MappingOptions options(TimeOfDay timeOfDay) {
    return new MappingOptions(timeOfDay);
  }
}
