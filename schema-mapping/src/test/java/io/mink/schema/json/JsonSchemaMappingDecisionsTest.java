package io.mink.schema.json;

import static io.mink.schema.json.JsonSchemaTesting.compile;
import static io.mink.schema.json.JsonSchemaTesting.decodeText;
import static io.mink.schema.json.JsonSchemaTesting.decodeWritten;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.decode.CompiledSchema;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** The mappings JsonSchemaCompiler's javadoc decides where docs/type-mapping.md is silent. */
class JsonSchemaMappingDecisionsTest {

  @Test
  void compositionOfOneSchemaIsThatSchemaWithTheOuterDescription() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object", "properties": {"color": {"allOf": [{"$ref": "#/$defs/color"}], "description": "Paint"}},
         "$defs": {"color": {"enum": ["red", "blue"]}}}""");

    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(
            Types.NestedField.optional(1, "color", Types.StringType.get(), "Paint")));
  }

  @Test
  void compositionBesideTypingKeywordsIsJsonText() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object", "properties": {"a": {"type": "integer"}}, "anyOf": [{"required": ["a"]}]}""");

    assertThat(compiled.type()).isEqualTo(Types.StringType.get());
    assertThat(decodeText(compiled, "{ \"a\": 1 }")).isEqualTo("{\"a\":1}");
  }

  @Test
  void enumWithoutTypeIsTheTypeOfItsValues() throws Exception {
    assertThat(compile("{\"enum\": [1, 2, 3]}").type()).isEqualTo(Types.LongType.get());
    assertThat(compile("{\"enum\": [1, 2.5]}").type()).isEqualTo(Types.DoubleType.get());
    assertThat(compile("{\"const\": true}").type()).isEqualTo(Types.BooleanType.get());
    assertThat(compile("{\"enum\": [\"a\", 1]}").type()).isEqualTo(Types.StringType.get());
    assertThat(decodeText(compile("{\"enum\": [\"a\", 1]}"), "1")).isEqualTo("1");
  }

  @Test
  void enumWithNullIsOptional() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object", "required": ["size"], "properties": {"size": {"enum": ["S", "M", null]}}}""");

    assertThat(compiled.type())
        .isEqualTo(
            Types.StructType.of(Types.NestedField.optional(1, "size", Types.StringType.get())));
    assertThat(((GenericRecord) decodeText(compiled, "{\"size\": null}")).getField("size"))
        .isNull();
  }

  @Test
  void enumMembershipIsNotChecked() throws Exception {
    assertThat(decodeWritten(compile("{\"enum\": [\"RED\"]}"), "PURPLE")).isEqualTo("PURPLE");
  }

  @Test
  void objectOrArrayKeywordsWithoutTypeImplyTheType() throws Exception {
    assertThat(compile("{\"properties\": {\"a\": {\"type\": \"string\"}}}").type())
        .isEqualTo(Types.StructType.of(Types.NestedField.optional(1, "a", Types.StringType.get())));
    assertThat(compile("{\"items\": {\"type\": \"boolean\"}}").type())
        .isEqualTo(Types.ListType.ofRequired(1, Types.BooleanType.get()));
    assertThat(compile("{\"properties\": {\"a\": {}}, \"items\": {}}").type())
        .isEqualTo(Types.StringType.get());
  }

  @Test
  void objectWithoutPropertiesIsMapOfJsonText() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"object\"}");

    assertThat(compiled.type())
        .isEqualTo(Types.MapType.ofOptional(1, 2, Types.StringType.get(), Types.StringType.get()));
    assertThat(decodeText(compiled, "{\"k\": [true]}")).isEqualTo(Map.of("k", "[true]"));
  }

  @Test
  void tupleIsJsonText() throws Exception {
    CompiledSchema prefixItems = compile("""
        {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}]}""");
    CompiledSchema itemsArray = compile("""
        {"type": "array", "items": [{"type": "string"}, {"type": "integer"}]}""");

    assertThat(prefixItems.type()).isEqualTo(Types.StringType.get());
    assertThat(itemsArray.type()).isEqualTo(Types.StringType.get());
    assertThat(decodeWritten(prefixItems, List.of("a", 1))).isEqualTo("[\"a\",1]");
  }

  @Test
  void arrayWithoutItemsIsListOfJsonText() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"array\"}");

    assertThat(compiled.type()).isEqualTo(Types.ListType.ofOptional(1, Types.StringType.get()));
    assertThat(decodeText(compiled, "[1, \"a\", null]"))
        .isEqualTo(Arrays.asList("1", "\"a\"", null));
  }

  @Test
  void otherFormatsArePlainStrings() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"string\", \"format\": \"time\"}");

    assertThat(compiled.type()).isEqualTo(Types.StringType.get());
    assertThat(decodeWritten(compiled, LocalTime.NOON.toString())).isEqualTo("12:00");
  }

  @Test
  void refSiblingsAreIgnoredExceptDescription() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object",
         "properties": {"n": {"$ref": "#/$defs/n", "type": "string", "description": "Count"}},
         "$defs": {"n": {"type": "integer"}}}""");

    assertThat(compiled.type())
        .isEqualTo(
            Types.StructType.of(Types.NestedField.optional(1, "n", Types.LongType.get(), "Count")));
  }

  @Test
  void nullTypeAloneIsJsonText() throws Exception {
    CompiledSchema compiled = compile("{\"type\": \"null\"}");

    assertThat(compiled.type()).isEqualTo(Types.StringType.get());
    assertThat(decodeText(compiled, "null")).isNull();
  }

  @Test
  void rootObjectThatAllowsNullIsStillAStruct() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": ["object", "null"], "properties": {"a": {"type": "integer"}}}""");

    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(Types.NestedField.optional(1, "a", Types.LongType.get())));
    assertThat(decodeText(compiled, "null")).isNull();
  }
}
