package io.mink.schema.avro;

import static io.mink.schema.avro.AvroPayloads.compile;
import static io.mink.schema.avro.AvroPayloads.decode;
import static io.mink.schema.avro.AvroPayloads.rowWith;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.decode.UndecodableException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Undecodable payloads are rejected with a message that says what is wrong and where. */
class AvroDecodeErrorsTest {
  private static final String PRICED = """
      {"type": "record", "name": "Item", "fields": [
        {"name": "name", "type": "string"},
        {"name": "price", "type": "double"}]}""";

  @Test
  void truncatedFixedWidthValueNamesTheFieldAndByte() {
    byte[] payload = {8, 'b', 'o', 'l', 't', 0, 0, 0};

    assertThatThrownBy(() -> decode(compile(PRICED), payload))
        .isInstanceOf(UndecodableException.class)
        .hasMessage("Truncated Avro payload: expected 8 bytes for field price at byte 5");
  }

  @Test
  void lengthLongerThanTheRemainingBytesFailsBeforeAllocating() {
    byte[] payload = {(byte) 0xfe, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f, 'x'};

    assertThatThrownBy(() -> decode(compile(PRICED), payload))
        .hasMessage("Truncated Avro payload: expected 2147483647 bytes for field name at byte 5");
  }

  @Test
  void negativeLengthIsInvalid() {
    assertThatThrownBy(() -> decode(compile(PRICED), new byte[] {3}))
        .hasMessage("Invalid Avro length -2 for field name at byte 0");
  }

  @Test
  void bytesLeftOverAfterTheValueAreRejected() {
    byte[] payload = {0, 0, 0, 0, 0, 0, 0, 0, 0, 42};

    assertThatThrownBy(() -> decode(compile(PRICED), payload))
        .hasMessage("Avro payload has 1 bytes left over after the value ends at byte 9");
  }

  @Test
  void unionIndexOutOfRangeIsInvalid() {
    assertThatThrownBy(() -> decode(compile(rowWith("[\"null\",\"int\"]")), new byte[] {4}))
        .hasMessage("Invalid Avro union index 2 for field f at byte 0: the union has 2 branches");
  }

  @Test
  void enumIndexOutOfRangeIsInvalid() {
    CompiledAvroSchema compiled =
        compile(rowWith("{\"type\":\"enum\",\"name\":\"E\",\"symbols\":[\"A\"]}"));

    assertThatThrownBy(() -> decode(compiled, new byte[] {1}))
        .hasMessage("Invalid Avro enum index -1 for field f at byte 0: the enum has 1 symbols");
  }

  @Test
  void booleanByteOtherThanZeroOrOneIsInvalid() {
    assertThatThrownBy(() -> decode(compile(rowWith("\"boolean\"")), new byte[] {5}))
        .hasMessage("Invalid Avro boolean for field f at byte 0: byte 0x05 is neither 0 nor 1");
  }

  @Test
  void varintLongerThanAnIntIsInvalid() {
    byte[] payload = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 1};

    assertThatThrownBy(() -> decode(compile(rowWith("\"int\"")), payload))
        .hasMessage("Invalid Avro int for field f at byte 0: varint longer than 5 bytes");
  }

  @Test
  void blockCountLargerThanTheRemainingBytesFailsBeforeAllocating() {
    CompiledAvroSchema compiled = compile(rowWith("{\"type\":\"array\",\"items\":\"double\"}"));
    byte[] payload = {(byte) 0xc8, 0x01, 0, 0, 0, 0, 0, 0, 0, 0};

    assertThatThrownBy(() -> decode(compiled, payload))
        .hasMessage("Truncated Avro payload: a block of 100 elements for field f at byte 0"
            + " needs at least 800 bytes, 8 remain");
  }

  @Test
  void elementsThatTakeNoBytesAreBoundedByThePayloadSize() {
    CompiledAvroSchema compiled = compile(rowWith("{\"type\":\"array\",\"items\":\"null\"}"));
    byte[] payload = {(byte) 0xfe, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f, 0};

    assertThatThrownBy(() -> decode(compiled, payload))
        .hasMessage("Invalid Avro block count 2147483647 for field f at byte 0:"
            + " more elements that take no bytes than a payload of 6 bytes may hold");
  }

  @Test
  void aFewElementsThatTakeNoBytesDecode() throws Exception {
    CompiledAvroSchema compiled = compile("{\"type\":\"array\",\"items\":\"null\"}");

    assertThat(decode(compiled, new byte[] {6, 0})).isEqualTo(Arrays.asList(null, null, null));
  }

  @Test
  void decimalWithMoreDigitsThanItsPrecisionIsRejected() {
    CompiledAvroSchema compiled = compile(
        rowWith("{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":3,\"scale\":0}"));

    assertThatThrownBy(() -> decode(compiled, new byte[] {4, 0x03, (byte) 0xe8}))
        .hasMessage(
            "Avro decimal for field f at byte 0 has 4 digits, more than its precision 3 allows");
  }

  @Test
  void timeOutsideADayIsRejected() {
    CompiledAvroSchema compiled =
        compile(rowWith("{\"type\":\"int\",\"logicalType\":\"time-millis\"}"));

    assertThatThrownBy(() -> decode(compiled, new byte[] {1}))
        .hasMessage("Avro time-millis value -1 for field f at byte 0 is outside a day");
  }

  @Test
  void invalidUuidStringIsRejected() {
    CompiledAvroSchema compiled =
        compile(rowWith("{\"type\":\"string\",\"logicalType\":\"uuid\"}"));

    assertThatThrownBy(() -> decode(compiled, new byte[] {6, 'a', 'b', 'c'}))
        .hasMessage("Invalid Avro uuid for field f at byte 0: 'abc' is not a UUID");
  }

  @Test
  void recursiveValueNestedDeeperThan64LevelsIsRejected() {
    CompiledAvroSchema compiled = compile("""
        {"type": "record", "name": "Node", "fields": [{"name": "next", "type": ["null", "Node"]}]}""");
    byte[] payload = new byte[200];
    Arrays.fill(payload, (byte) 2);

    assertThatThrownBy(() -> decode(compiled, payload))
        .hasMessage("Avro value of field next nests deeper than 64 levels at byte 65");
  }

  @Test
  void elementErrorsNameThePathToTheElement() {
    CompiledAvroSchema compiled = compile(
        rowWith(
            "{\"type\":\"array\",\"items\":{\"type\":\"record\",\"name\":\"P\",\"fields\":[{\"name\":\"x\",\"type\":\"string\"}]}}"));

    assertThatThrownBy(() -> decode(compiled, new byte[] {2, 10, 'a'}))
        .hasMessage("Truncated Avro payload: expected 5 bytes for field f[].x at byte 2");
  }
}
