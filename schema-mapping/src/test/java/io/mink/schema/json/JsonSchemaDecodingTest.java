package io.mink.schema.json;

import static io.mink.schema.json.JsonSchemaTesting.compile;
import static io.mink.schema.json.JsonSchemaTesting.decodeText;
import static io.mink.schema.json.JsonSchemaTesting.decodeWritten;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.UndecodableException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.data.GenericRecord;
import org.junit.jupiter.api.Test;

/** The decoding rules of JsonSchemaCompiler's javadoc: strict types, no coercion, exact messages. */
class JsonSchemaDecodingTest {
  private static final String PRODUCT = """
      {"type": "object", "required": ["sku", "price"],
       "properties": {
         "sku": {"type": "string"},
         "price": {"type": "number"},
         "stock": {"type": "integer"},
         "tags": {"type": "array", "items": {"type": "string"}},
         "notes": {"type": "array", "items": {"type": ["string", "null"]}},
         "addedAt": {"type": "string", "format": "date-time"},
         "addedOn": {"type": "string", "format": "date"},
         "id": {"type": "string", "format": "uuid"},
         "extra": {}
       }}""";

  /** What Jackson writes for a Java object: the decoder reads it back field by field. */
  record Product(
      String sku, double price, long stock, List<String> tags, String addedAt, UUID id) {}

  @Test
  void decodesWhatJacksonWritesForAJavaObject() throws Exception {
    UUID id = UUID.randomUUID();
    Product product = new Product("A-1", 9.5, 12, List.of("new"), "2024-05-01T12:30:00Z", id);

    GenericRecord record = (GenericRecord) decodeWritten(compile(PRODUCT), product);

    assertThat(record.getField("sku")).isEqualTo("A-1");
    assertThat(record.getField("price")).isEqualTo(9.5);
    assertThat(record.getField("stock")).isEqualTo(12L);
    assertThat(record.getField("tags")).isEqualTo(List.of("new"));
    assertThat(record.getField("addedAt"))
        .isEqualTo(OffsetDateTime.of(2024, 5, 1, 12, 30, 0, 0, ZoneOffset.UTC));
    assertThat(record.getField("id")).isEqualTo(id);
    assertThat(record.getField("notes")).isNull();
  }

  @Test
  void valueOfAnotherJsonTypeIsUndecodableWithWhereItIs() throws Exception {
    assertThatThrownBy(
            () -> decodeText(compile(PRODUCT), "{\"sku\": \"A-1\", \"price\": \"9.50\"}"))
        .isInstanceOf(UndecodableException.class)
        .hasMessage("Property 'price' must be a number, not a string, at line 1, column 25");
  }

  @Test
  void stringIsNeverMadeFromAnotherJsonType() throws Exception {
    assertThatThrownBy(() -> decodeText(compile(PRODUCT), "{\"sku\": 11, \"price\": 1}"))
        .hasMessage("Property 'sku' must be a string, not an integer, at line 1, column 9");
  }

  @Test
  void fractionForAnIntegerIsUndecodable() throws Exception {
    assertThatThrownBy(
            () -> decodeText(compile(PRODUCT), "{\"sku\": \"A\", \"price\": 1, \"stock\": 2.5}"))
        .hasMessage(
            "Property 'stock' must be an integer, not a number with a fraction or exponent, "
                + "at line 1, column 35");
  }

  @Test
  void integerWrittenWithFractionOrExponentIsUndecodable() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"integer\"}");

    assertThatThrownBy(() -> decodeText(compiled, "1.0")).isInstanceOf(UndecodableException.class);
    assertThatThrownBy(() -> decodeText(compiled, "1e3")).isInstanceOf(UndecodableException.class);
  }

  @Test
  void integerBeyondLongIsUndecodable() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"integer\"}");
    BigInteger beyond = BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE);

    assertThat(decodeText(compiled, Long.toString(Long.MAX_VALUE))).isEqualTo(Long.MAX_VALUE);
    assertThatThrownBy(() -> decodeWritten(compiled, beyond))
        .hasMessage("The payload is out of the range of a long, at line 1, column 1");
  }

  @Test
  void numberBeyondDoubleIsUndecodable() throws Exception {
    assertThatThrownBy(() -> decodeText(compile("{\"type\": \"number\"}"), "1e400"))
        .hasMessage("The payload is out of the range of a double, at line 1, column 1");
  }

  @Test
  void dateTimeIsNormalisedToUtc() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"string\", \"format\": \"date-time\"}");

    assertThat(decodeWritten(compiled, "2024-12-31T23:30:00-01:30"))
        .isEqualTo(OffsetDateTime.of(2025, 1, 1, 1, 0, 0, 0, ZoneOffset.UTC));
    assertThat(decodeWritten(compiled, "2024-01-01t00:00:00.123456789987z"))
        .isEqualTo(OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 123_456_789, ZoneOffset.UTC));
  }

  @Test
  void dateTimeThatIsNotRfc3339WithAnOffsetIsUndecodable() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"string\", \"format\": \"date-time\"}");

    for (String text : List.of(
        "2024-05-01T12:30:00",
        "2024-05-01T12:30Z",
        "2024-05-01 12:30:00Z",
        "2024-02-30T00:00:00Z",
        "2024-05-01T24:00:00Z",
        "2016-12-31T23:59:60Z",
        "2024-05-01T12:30:00.Z",
        "2024-05-01T12:30:00+0200",
        "yesterday")) {
      assertThatThrownBy(() -> decodeWritten(compiled, text))
          .as(text)
          .hasMessage(
              "The payload is not an RFC 3339 date-time with an offset, such as 2024-05-01T12:30:00Z, "
                  + "at line 1, column 1");
    }
  }

  @Test
  void dateThatIsNotYearMonthDayIsUndecodable() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"string\", \"format\": \"date\"}");

    assertThat(decodeWritten(compiled, "0001-01-01")).isEqualTo(LocalDate.of(1, 1, 1));
    for (String text : List.of("2023-02-29", "2024-1-01", "2024-01-01T00:00:00Z", "20240101")) {
      assertThatThrownBy(() -> decodeWritten(compiled, text))
          .as(text)
          .hasMessage(
              "The payload is not an RFC 3339 date, such as 2024-05-01, at line 1, column 1");
    }
  }

  @Test
  void uuidThatIsNotEightFourFourFourTwelveHexDigitsIsUndecodable() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"string\", \"format\": \"uuid\"}");

    for (String text : List.of(
        "1-1-1-1-1",
        "0f8fad5b-d9cb-469f-a165-70867728950",
        "0f8fad5bd9cb469fa16570867728950e",
        "0f8fad5b-d9cb-469f-a165-70867728950g",
        "+f8fad5b-d9cb-469f-a165-70867728950e")) {
      assertThatThrownBy(() -> decodeWritten(compiled, text))
          .as(text)
          .hasMessage("The payload is not a UUID of 8-4-4-4-12 hex digits, at line 1, column 1");
    }
  }

  @Test
  void propertiesNotInTheSchemaAreSkipped() throws Exception {
    GenericRecord record = (GenericRecord)
        decodeText(
            compile(PRODUCT),
            "{\"other\": {\"deep\": [1, {\"x\": null}]}, \"sku\": \"A\", \"more\": [], \"price\": 2, \"last\": 1}");

    assertThat(record.getField("sku")).isEqualTo("A");
    assertThat(record.getField("price")).isEqualTo(2.0);
  }

  @Test
  void missingRequiredPropertyIsUndecodable() throws Exception {
    assertThatThrownBy(() -> decodeText(compile(PRODUCT), "{\"sku\": \"A\"}"))
        .hasMessage(
            "Property 'price' is required but missing from the object ending at line 1, column 12");
  }

  @Test
  void nullForARequiredFieldIsUndecodable() throws Exception {
    assertThatThrownBy(() -> decodeText(compile(PRODUCT), "{\"sku\": null, \"price\": 1}"))
        .hasMessage("Property 'sku' must be a string, not null, at line 1, column 9");
  }

  @Test
  void nullForAnOptionalFieldIsNull() throws Exception {
    GenericRecord record = (GenericRecord) decodeText(
        compile(PRODUCT), "{\"sku\": \"A\", \"price\": 1, \"stock\": null, \"extra\": null}");

    assertThat(record.getField("stock")).isNull();
    assertThat(record.getField("extra")).isNull();
  }

  @Test
  void requiredPropertyWhoseSchemaAllowsNullIsAnOptionalField() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object", "required": ["a"], "properties": {"a": {"type": ["integer", "null"]}}}""");

    assertThat(((GenericRecord) decodeText(compiled, "{\"a\": null}")).getField("a"))
        .isNull();
    assertThatThrownBy(() -> decodeText(compiled, "{}"))
        .hasMessage(
            "Property 'a' is required but missing from the object ending at line 1, column 2");
  }

  @Test
  void nullElementIsUndecodableUnlessTheItemsSchemaAllowsIt() throws Exception {
    CompiledSchema compiled = compile(PRODUCT);

    GenericRecord record = (GenericRecord)
        decodeText(compiled, "{\"sku\": \"A\", \"price\": 1, \"notes\": [\"x\", null]}");
    assertThat(record.getField("notes")).isEqualTo(Arrays.asList("x", null));
    assertThatThrownBy(
            () -> decodeText(compiled, "{\"sku\": \"A\", \"price\": 1, \"tags\": [\"x\", null]}"))
        .hasMessage("An element of 'tags' must be a string, not null, at line 1, column 40");
  }

  @Test
  void propertyGivenTwiceIsUndecodable() throws Exception {
    assertThatThrownBy(
            () -> decodeText(compile(PRODUCT), "{\"sku\": \"A\", \"price\": 1, \"sku\": \"B\"}"))
        .hasMessage("Property 'sku' appears twice in the object, at line 1, column 33");
  }

  @Test
  void mapKeyGivenTwiceIsUndecodable() throws Exception {
    CompiledSchema compiled =
        compile("{\"type\": \"object\", \"additionalProperties\": {\"type\": \"integer\"}}");

    assertThatThrownBy(() -> decodeText(compiled, "{\"a\": 1, \"a\": 2}"))
        .hasMessage("The payload has the same key twice, at line 1, column 15");
  }

  @Test
  void payloadThatIsNotExactlyOneJsonValueIsUndecodable() throws Exception {
    CompiledSchema compiled = compile(PRODUCT);

    assertThat(decodeText(compiled, " {\"sku\": \"A\", \"price\": 1}\n ")).isNotNull();
    assertThatThrownBy(() -> decodeText(compiled, "{\"sku\": \"A\", \"price\": 1} {}"))
        .hasMessage(
            "The payload holds more than one JSON value: another starts at line 1, column 26");
    assertThatThrownBy(() -> decodeText(compiled, "{\"sku\": \"A\", \"price\": 1}x"))
        .isInstanceOf(UndecodableException.class)
        .hasMessageStartingWith("The payload is not valid JSON: Unrecognized token 'x'");
    assertThatThrownBy(() -> decodeText(compiled, "  "))
        .hasMessage("The payload is empty: it holds no JSON value");
  }

  @Test
  void truncatedPayloadIsUndecodable() throws Exception {
    assertThatThrownBy(() -> decodeText(compile(PRODUCT), "{\"sku\": \"A\", \"price\": 1"))
        .isInstanceOf(UndecodableException.class)
        .hasMessageStartingWith("The payload is not valid JSON: Unexpected end-of-input");
  }

  @Test
  void invalidUtf8IsUndecodable() throws Exception {
    byte[] payload = {'"', (byte) 0xC3, (byte) 0x28, '"'};

    assertThatThrownBy(() -> compile("{\"type\": \"string\"}").decode(payload, 0, payload.length))
        .isInstanceOf(UndecodableException.class)
        .hasMessageStartingWith("The payload is not valid JSON: Invalid UTF-8");
  }

  @Test
  void nullPayloadIsNullOnlyWhenTheSchemaAllowsIt() throws Exception {
    assertThat(decodeText(
            compile("{\"type\": [\"object\", \"null\"], \"properties\": {\"a\": {}}}"), "null"))
        .isNull();
    assertThatThrownBy(() -> decodeText(compile(PRODUCT), "null"))
        .hasMessage("The payload must be an object, not null, at line 1, column 1");
  }

  @Test
  void jsonTextIsWrittenCompactlyWithNumbersAsThePayloadWroteThem() throws Exception {
    Object decoded = decodeText(
        compile("{}"),
        "{ \"a\" : [ 1.10 , 1E+400, -0, 12345678901234567890123 ],\n"
            + "  \"b\" : \"tab\\there\\u00e9\", \"c\": { } }");

    assertThat(decoded)
        .isEqualTo(
            "{\"a\":[1.10,1E+400,-0,12345678901234567890123],\"b\":\"tab\\there\u00e9\",\"c\":{}}");
  }

  @Test
  void nestingDeeperThanSixtyFourLevelsIsUndecodable() throws Exception {
    String deep = "[".repeat(65) + "]".repeat(65);

    assertThat(decodeText(compile("{}"), "[".repeat(64) + "]".repeat(64))).isNotNull();
    assertThatThrownBy(() -> decodeText(compile("{}"), deep))
        .isInstanceOf(UndecodableException.class)
        .hasMessageContaining("nesting depth");
  }

  @Test
  void decodesOnlyTheGivenRangeOfTheArray() throws Exception {
    byte[] framed = "\0\0\0\0\5\"in\"trailing".getBytes(StandardCharsets.UTF_8);

    assertThat(compile("{\"type\": \"string\"}").decode(framed, 5, 4)).isEqualTo("in");
    assertThatThrownBy(() -> compile("{\"type\": \"string\"}").decode(framed, 5, 40))
        .hasMessage("The payload range [5, 5 + 40) is outside its 17-byte array");
  }

  @Test
  void errorsInsideNestedPartsNameTheirPath() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object", "properties": {"lines": {"type": "array", "items": {
          "type": "object", "properties": {"qty": {"type": "integer"}}}},
          "attrs": {"type": "object", "additionalProperties": {"type": "boolean"}}}}""");
    Map<String, Object> badLine = Map.of("lines", List.of(Map.of("qty", 1), Map.of("qty", "two")));
    Map<String, Object> badAttr = new LinkedHashMap<>();
    badAttr.put("attrs", Map.of("gift", "yes"));

    assertThatThrownBy(() -> decodeWritten(compiled, badLine))
        .hasMessage(
            "Property 'lines[*].qty' must be an integer, not a string, at line 1, column 28");
    assertThatThrownBy(() -> decodeWritten(compiled, badAttr))
        .hasMessage("A value of 'attrs' must be a boolean, not a string, at line 1, column 18");
  }
}
