package io.mink.cli.read;

import static io.mink.cli.read.RowsFixture.EVERY_TYPE;
import static io.mink.cli.read.RowsFixture.print;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class RowsJsonTest {
  @Test
  void everyTypeIsOneObjectPerLineWithTheColumnsInSchemaOrder() {
    String json = print(
        ReadOutput.json,
        EVERY_TYPE,
        List.of(
            List.of(RowsFixture.full(), RowsFixture.empty()), List.of(RowsFixture.nullsWithin())));

    assertThat(json).isEqualTo("""
            {"bool":true,"i":-7,"l":9007199254740993,"f":1.5,"d":-0.25,"dec":"12.30","day":"2026-12-02","t":"20:16:01.123456","ts":"2026-12-02T20:16:01.123456","tstz":"2026-12-02T20:16:01.123456Z","s":"héllo","u":"123e4567-e89b-12d3-a456-426614174000","fx":"AQID","bin":"/wAQ","st":{"n":1,"s":"a"},"li":[1,2],"m":[{"key":"a","value":1},{"key":"b","value":2}],"_kafka_headers":[{"key":"trace","value":"AQI="}]}
            {"bool":null,"i":null,"l":null,"f":null,"d":null,"dec":null,"day":null,"t":null,"ts":null,"tstz":null,"s":null,"u":null,"fx":null,"bin":null,"st":null,"li":null,"m":null,"_kafka_headers":null}
            {"bool":null,"i":null,"l":null,"f":"NaN","d":"-Infinity","dec":"-0.05","day":null,"t":"00:00:00.000000","ts":"1969-12-31T23:59:59.500000","tstz":"2026-01-01T00:00:00.000000Z","s":"","u":null,"fx":null,"bin":"","st":{"n":null,"s":null},"li":[null,3],"m":[{"key":"a","value":null}],"_kafka_headers":[{"key":"k","value":null},{"key":null,"value":""}]}
            """);
  }

  @Test
  void notANumberAndTheInfinitiesAreStrings() {
    Schema schema = new Schema(
        Types.NestedField.optional(1, "f", Types.FloatType.get()),
        Types.NestedField.optional(2, "d", Types.DoubleType.get()));

    String json = print(
        ReadOutput.json,
        schema,
        List.of(List.of(
            floats(schema, Float.NaN, Double.NaN),
            floats(schema, Float.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY),
            floats(schema, -0.5f, 1e20))));

    assertThat(json).isEqualTo("""
        {"f":"NaN","d":"NaN"}
        {"f":"Infinity","d":"-Infinity"}
        {"f":-0.5,"d":1.0E20}
        """);
  }

  @Test
  void stringsAreEscapedAndDecimalsKeepTheirScaleWithoutExponent() {
    Schema schema = new Schema(
        Types.NestedField.optional(1, "s", Types.StringType.get()),
        Types.NestedField.optional(2, "dec", Types.DecimalType.of(38, 10)));
    Record row = GenericRecord.create(schema);
    row.setField("s", "say \"hi\"\n\tback\\slash \u0001 ✓");
    row.setField("dec", new BigDecimal("0.0000000100"));

    assertThat(print(ReadOutput.json, schema, List.of(List.of(row))))
        .isEqualTo(
            "{\"s\":\"say \\\"hi\\\"\\n\\tback\\\\slash \\u0001 ✓\",\"dec\":\"0.0000000100\"}\n");
  }

  @Test
  void noRowsPrintNothing() {
    assertThat(print(ReadOutput.json, EVERY_TYPE, List.of(List.of()))).isEmpty();
  }

  private static Record floats(Schema schema, float f, double d) {
    Record row = GenericRecord.create(schema);
    row.setField("f", f);
    row.setField("d", d);
    return row;
  }
}
