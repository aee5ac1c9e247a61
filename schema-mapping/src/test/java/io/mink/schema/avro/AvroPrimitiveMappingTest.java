package io.mink.schema.avro;

import static io.mink.schema.avro.AvroPayloads.compile;
import static io.mink.schema.avro.AvroPayloads.fieldF;
import static io.mink.schema.avro.AvroPayloads.roundTripField;
import static io.mink.schema.avro.AvroPayloads.rowWith;
import static io.mink.schema.avro.AvroPayloads.schemaOfF;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.apache.avro.generic.GenericData;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** docs/type-mapping.md, Avro: boolean, int, long, float, double, bytes, string, enum and fixed. */
class AvroPrimitiveMappingTest {
  @Test
  void booleanMapsToRequiredBoolean() throws Exception {
    CompiledAvroSchema compiled = compile(rowWith("\"boolean\""));

    assertThat(fieldF(compiled))
        .isEqualTo(Types.NestedField.required(1, "f", Types.BooleanType.get()));
    assertThat(roundTripField(compiled, true)).isEqualTo(true);
    assertThat(roundTripField(compiled, false)).isEqualTo(false);
  }

  @Test
  void intMapsToInt() throws Exception {
    CompiledAvroSchema compiled = compile(rowWith("\"int\""));

    assertThat(fieldF(compiled).type()).isEqualTo(Types.IntegerType.get());
    assertThat(roundTripField(compiled, Integer.MIN_VALUE)).isEqualTo(Integer.MIN_VALUE);
    assertThat(roundTripField(compiled, -1)).isEqualTo(-1);
    assertThat(roundTripField(compiled, Integer.MAX_VALUE)).isEqualTo(Integer.MAX_VALUE);
  }

  @Test
  void longMapsToLong() throws Exception {
    CompiledAvroSchema compiled = compile(rowWith("\"long\""));

    assertThat(fieldF(compiled).type()).isEqualTo(Types.LongType.get());
    assertThat(roundTripField(compiled, Long.MIN_VALUE)).isEqualTo(Long.MIN_VALUE);
    assertThat(roundTripField(compiled, 300L)).isEqualTo(300L);
    assertThat(roundTripField(compiled, Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void floatMapsToFloat() throws Exception {
    CompiledAvroSchema compiled = compile(rowWith("\"float\""));

    assertThat(fieldF(compiled).type()).isEqualTo(Types.FloatType.get());
    assertThat(roundTripField(compiled, 3.25f)).isEqualTo(3.25f);
    assertThat(roundTripField(compiled, Float.NaN)).isEqualTo(Float.NaN);
  }

  @Test
  void doubleMapsToDouble() throws Exception {
    CompiledAvroSchema compiled = compile(rowWith("\"double\""));

    assertThat(fieldF(compiled).type()).isEqualTo(Types.DoubleType.get());
    assertThat(roundTripField(compiled, -1.5e300)).isEqualTo(-1.5e300);
    assertThat(roundTripField(compiled, Double.NEGATIVE_INFINITY))
        .isEqualTo(Double.NEGATIVE_INFINITY);
  }

  @Test
  void bytesMapToBinary() throws Exception {
    CompiledAvroSchema compiled = compile(rowWith("\"bytes\""));

    assertThat(fieldF(compiled).type()).isEqualTo(Types.BinaryType.get());
    assertThat(roundTripField(compiled, ByteBuffer.wrap(new byte[] {0, -1, 7})))
        .isEqualTo(ByteBuffer.wrap(new byte[] {0, -1, 7}));
    assertThat(roundTripField(compiled, ByteBuffer.allocate(0))).isEqualTo(ByteBuffer.allocate(0));
  }

  @Test
  void stringMapsToString() throws Exception {
    CompiledAvroSchema compiled = compile(rowWith("\"string\""));

    assertThat(fieldF(compiled).type()).isEqualTo(Types.StringType.get());
    assertThat(roundTripField(compiled, "grüße, 世界 🎉")).isEqualTo("grüße, 世界 🎉");
    assertThat(roundTripField(compiled, "")).isEqualTo("");
  }

  @Test
  void enumMapsToStringOfTheSymbol() throws Exception {
    CompiledAvroSchema compiled = compile(
        rowWith("{\"type\":\"enum\",\"name\":\"Color\",\"symbols\":[\"RED\",\"GREEN\",\"BLUE\"]}"));

    assertThat(fieldF(compiled).type()).isEqualTo(Types.StringType.get());
    assertThat(roundTripField(compiled, new GenericData.EnumSymbol(schemaOfF(compiled), "BLUE")))
        .isEqualTo("BLUE");
  }

  @Test
  void fixedOfSizeNMapsToFixedN() throws Exception {
    CompiledAvroSchema compiled =
        compile(rowWith("{\"type\":\"fixed\",\"name\":\"Hash\",\"size\":5}"));
    byte[] hash = {1, 2, 3, 4, -128};

    assertThat(fieldF(compiled).type()).isEqualTo(Types.FixedType.ofLength(5));
    assertThat(roundTripField(compiled, new GenericData.Fixed(schemaOfF(compiled), hash)))
        .isEqualTo(hash);
  }

  @Test
  void topLevelPrimitiveIsTheValueType() throws Exception {
    CompiledAvroSchema compiled = compile("\"string\"");
    byte[] payload = AvroPayloads.write(compiled.avroSchema(), "plain");

    assertThat(compiled.type()).isEqualTo(Types.StringType.get());
    assertThat(AvroPayloads.decode(compiled, payload)).isEqualTo("plain");
  }
}
