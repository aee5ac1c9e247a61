package io.mink.schema.json;

import static io.mink.schema.json.JsonSchemaTesting.compile;
import static io.mink.schema.json.JsonSchemaTesting.decodeWritten;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.decode.CompiledSchema;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** One test per row of docs/type-mapping.md, JSON Schema: the Iceberg type and a decoded value. */
class JsonSchemaMappingTest {

  @Test
  void booleanIsBoolean() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"boolean\"}");

    assertThat(compiled.type()).isEqualTo(Types.BooleanType.get());
    assertThat(decodeWritten(compiled, true)).isEqualTo(true);
  }

  @Test
  void stringIsString() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"string\"}");

    assertThat(compiled.type()).isEqualTo(Types.StringType.get());
    assertThat(decodeWritten(compiled, "héllo \"world\"")).isEqualTo("héllo \"world\"");
  }

  @Test
  void integerIsLong() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"integer\"}");

    assertThat(compiled.type()).isEqualTo(Types.LongType.get());
    assertThat(decodeWritten(compiled, Long.MIN_VALUE)).isEqualTo(Long.MIN_VALUE);
  }

  @Test
  void numberIsDouble() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"number\"}");

    assertThat(compiled.type()).isEqualTo(Types.DoubleType.get());
    assertThat(decodeWritten(compiled, 12.25)).isEqualTo(12.25);
    assertThat(decodeWritten(compiled, 7)).isEqualTo(7.0);
  }

  @Test
  void stringWithFormatDateTimeIsTimestamptzInUtc() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"string\", \"format\": \"date-time\"}");

    assertThat(compiled.type()).isEqualTo(Types.TimestampType.withZone());
    assertThat(decodeWritten(compiled, "2024-05-01T12:30:00.123456+02:00"))
        .isEqualTo(OffsetDateTime.of(2024, 5, 1, 10, 30, 0, 123_456_000, ZoneOffset.UTC));
  }

  @Test
  void stringWithFormatDateIsDate() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"string\", \"format\": \"date\"}");

    assertThat(compiled.type()).isEqualTo(Types.DateType.get());
    assertThat(decodeWritten(compiled, "2024-02-29")).isEqualTo(LocalDate.of(2024, 2, 29));
  }

  @Test
  void stringWithFormatUuidIsUuid() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"string\", \"format\": \"uuid\"}");
    UUID id = UUID.fromString("0f8fad5b-d9cb-469f-a165-70867728950e");

    assertThat(compiled.type()).isEqualTo(Types.UUIDType.get());
    assertThat(decodeWritten(compiled, id.toString().toUpperCase(Locale.ROOT))).isEqualTo(id);
  }

  @Test
  void objectWithPropertiesIsStructInPropertyOrderWithRequiredFieldsRequired() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object",
         "properties": {
           "id": {"type": "integer"},
           "name": {"type": "string", "description": "Display name"},
           "address": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
         },
         "required": ["id"]}""");

    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "name", Types.StringType.get(), "Display name"),
            Types.NestedField.optional(
                3,
                "address",
                Types.StructType.of(
                    Types.NestedField.required(4, "city", Types.StringType.get())))));
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("name", "Ada");
    value.put("id", 7);
    value.put("address", Map.of("city", "London"));
    GenericRecord record = (GenericRecord) decodeWritten(compiled, value);
    assertThat(record.getField("id")).isEqualTo(7L);
    assertThat(record.getField("name")).isEqualTo("Ada");
    assertThat(((GenericRecord) record.getField("address")).getField("city")).isEqualTo("London");
  }

  @Test
  void objectWithOnlyAdditionalPropertiesIsMapOfTheirSchema() throws Exception {
    CompiledSchema compiled =
        compile("{\"type\": \"object\", \"additionalProperties\": {\"type\": \"integer\"}}");

    assertThat(compiled.type())
        .isEqualTo(Types.MapType.ofRequired(1, 2, Types.StringType.get(), Types.LongType.get()));
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("b", 2);
    value.put("a", 1);
    assertThat(decodeWritten(compiled, value)).isEqualTo(Map.of("b", 2L, "a", 1L));
  }

  @Test
  void objectWithAdditionalPropertiesTrueIsMapOfJsonText() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"object\", \"additionalProperties\": true}");

    assertThat(compiled.type())
        .isEqualTo(Types.MapType.ofOptional(1, 2, Types.StringType.get(), Types.StringType.get()));
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("tags", List.of("a", 1));
    value.put("name", "x");
    value.put("none", null);
    Map<String, Object> expected = new LinkedHashMap<>();
    expected.put("tags", "[\"a\",1]");
    expected.put("name", "\"x\"");
    expected.put("none", null);
    assertThat(decodeWritten(compiled, value)).isEqualTo(expected);
  }

  @Test
  void arrayWithOneItemsSchemaIsList() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"array\", \"items\": {\"type\": \"string\"}}");

    assertThat(compiled.type()).isEqualTo(Types.ListType.ofRequired(1, Types.StringType.get()));
    assertThat(decodeWritten(compiled, List.of("a", "b"))).isEqualTo(List.of("a", "b"));
  }

  @Test
  void enumOfStringsIsString() throws Exception {
    CompiledSchema compiled = compile("{\"enum\": [\"RED\", \"GREEN\"]}");

    assertThat(compiled.type()).isEqualTo(Types.StringType.get());
    assertThat(decodeWritten(compiled, "GREEN")).isEqualTo("GREEN");
  }

  @Test
  void oneTypeAndNullIsThatTypeOptional() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object", "required": ["a", "b", "c"],
         "properties": {
           "a": {"type": ["string", "null"]},
           "b": {"oneOf": [{"type": "null"}, {"type": "integer"}]},
           "c": {"anyOf": [{"type": "string", "format": "date"}, {"type": "null"}]}
         }}""");

    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(
            Types.NestedField.optional(1, "a", Types.StringType.get()),
            Types.NestedField.optional(2, "b", Types.LongType.get()),
            Types.NestedField.optional(3, "c", Types.DateType.get())));
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("a", null);
    value.put("b", 5);
    value.put("c", "2024-01-31");
    GenericRecord record = (GenericRecord) decodeWritten(compiled, value);
    assertThat(record.getField("a")).isNull();
    assertThat(record.getField("b")).isEqualTo(5L);
    assertThat(record.getField("c")).isEqualTo(LocalDate.of(2024, 1, 31));
  }

  @Test
  void refIsTheDefinitionsType() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object",
         "properties": {
           "home": {"$ref": "#/definitions/address"},
           "work": {"$ref": "#/$defs/location"}
         },
         "definitions": {"address": {"type": "object", "properties": {"city": {"type": "string"}}}},
         "$defs": {"location": {"type": "array", "items": {"type": "number"}}}}""");

    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(
            Types.NestedField.optional(
                1,
                "home",
                Types.StructType.of(Types.NestedField.optional(3, "city", Types.StringType.get()))),
            Types.NestedField.optional(
                2, "work", Types.ListType.ofRequired(4, Types.DoubleType.get()))));
    GenericRecord record = (GenericRecord) decodeWritten(
        compiled, Map.of("home", Map.of("city", "Oslo"), "work", List.of(59.9, 10.7)));
    assertThat(((GenericRecord) record.getField("home")).getField("city")).isEqualTo("Oslo");
    assertThat(record.getField("work")).isEqualTo(List.of(59.9, 10.7));
  }

  @Test
  void oneOfIsJsonText() throws Exception {
    CompiledSchema compiled =
        compile("{\"oneOf\": [{\"type\": \"string\"}, {\"type\": \"integer\"}]}");

    assertThat(compiled.type()).isEqualTo(Types.StringType.get());
    assertThat(decodeWritten(compiled, 42)).isEqualTo("42");
  }

  @Test
  void anyOfIsJsonText() throws Exception {
    CompiledSchema compiled = compile("""
        {"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "array"}]}""");

    assertThat(compiled.type()).isEqualTo(Types.StringType.get());
    assertThat(decodeWritten(compiled, Map.of("a", "x"))).isEqualTo("{\"a\":\"x\"}");
  }

  @Test
  void allOfIsJsonText() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object", "properties": {"shape": {"allOf": [
          {"type": "object", "properties": {"kind": {"type": "string"}}},
          {"type": "object", "properties": {"size": {"type": "number"}}}]}}}""");

    assertThat(compiled.type())
        .isEqualTo(
            Types.StructType.of(Types.NestedField.optional(1, "shape", Types.StringType.get())));
    Map<String, Object> shape = new LinkedHashMap<>();
    shape.put("kind", "circle");
    shape.put("size", 2.5);
    GenericRecord record = (GenericRecord) decodeWritten(compiled, Map.of("shape", shape));
    assertThat(record.getField("shape")).isEqualTo("{\"kind\":\"circle\",\"size\":2.5}");
  }

  @Test
  void severalTypesAreJsonText() throws Exception {
    CompiledSchema compiled = compile("{\"type\": [\"string\", \"integer\", \"null\"]}");

    assertThat(compiled.type()).isEqualTo(Types.StringType.get());
    assertThat(decodeWritten(compiled, "seven")).isEqualTo("\"seven\"");
    assertThat(decodeWritten(compiled, 7)).isEqualTo("7");
  }

  @Test
  void noTypeIsJsonText() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object", "properties": {"payload": {"description": "anything"}}}""");

    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(
            Types.NestedField.optional(1, "payload", Types.StringType.get(), "anything")));
    GenericRecord record = (GenericRecord) decodeWritten(
        compiled, Map.of("payload", Map.of("list", Arrays.asList(1, null, true))));
    assertThat(record.getField("payload")).isEqualTo("{\"list\":[1,null,true]}");
  }

  @Test
  void recursiveDefinitionIsJsonText() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object",
         "properties": {"id": {"type": "integer"}, "tree": {"$ref": "#/definitions/node"}},
         "definitions": {"node": {"type": "object", "properties": {
           "value": {"type": "integer"},
           "children": {"type": "array", "items": {"$ref": "#/definitions/node"}}}}}}""");

    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(
            Types.NestedField.optional(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "tree", Types.StringType.get())));
    Map<String, Object> tree = Map.of("value", 1, "children", List.of(Map.of("value", 2)));
    GenericRecord record = (GenericRecord) decodeWritten(compiled, Map.of("id", 1, "tree", tree));
    assertThat(JsonSchemaTesting.JACKSON.readTree((String) record.getField("tree")))
        .isEqualTo(JsonSchemaTesting.JACKSON.valueToTree(tree));
  }
}
