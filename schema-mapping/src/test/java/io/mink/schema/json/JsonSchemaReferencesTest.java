package io.mink.schema.json;

import static io.mink.schema.json.JsonSchemaTesting.COMPILER;
import static io.mink.schema.json.JsonSchemaTesting.compile;
import static io.mink.schema.json.JsonSchemaTesting.decodeText;
import static io.mink.schema.json.JsonSchemaTesting.decodeWritten;
import static io.mink.schema.json.JsonSchemaTesting.reference;
import static io.mink.schema.json.JsonSchemaTesting.schema;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaReference;
import io.mink.schema.registry.SchemaType;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** $ref within a schema, across registered schemas, through $id and $anchor, and in cycles. */
class JsonSchemaReferencesTest {
  private static final String CUSTOMER = """
      {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
       "properties": {"name": {"type": "string"}, "address": {"$ref": "#/definitions/address"}},
       "required": ["name"],
       "definitions": {"address": {"type": "object", "properties": {"city": {"type": "string"}}}}}""";

  private static final Types.StructType ADDRESS =
      Types.StructType.of(Types.NestedField.optional(3, "city", Types.StringType.get()));

  @Test
  void refToAnotherRegisteredSchemaIsItsType() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object", "properties": {"customer": {"$ref": "customer.json"}}}""", reference("customer.json", CUSTOMER));

    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(Types.NestedField.optional(
            1,
            "customer",
            Types.StructType.of(
                Types.NestedField.required(3, "name", Types.StringType.get()),
                Types.NestedField.optional(
                    4,
                    "address",
                    Types.StructType.of(
                        Types.NestedField.optional(2, "city", Types.StringType.get())))))));
    GenericRecord record = (GenericRecord) decodeWritten(
        compiled, Map.of("customer", Map.of("name", "Ada", "address", Map.of("city", "London"))));
    GenericRecord customer = (GenericRecord) record.getField("customer");
    assertThat(customer.getField("name")).isEqualTo("Ada");
    assertThat(((GenericRecord) customer.getField("address")).getField("city")).isEqualTo("London");
  }

  @Test
  void refWithFragmentPointsIntoTheRegisteredSchema() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object", "properties": {
          "home": {"$ref": "customer.json#/definitions/address"},
          "whole": {"$ref": "customer.json#"}}}""", reference("customer.json", CUSTOMER));

    assertThat(((Types.StructType) compiled.type()).field("home").type()).isEqualTo(ADDRESS);
    GenericRecord record =
        (GenericRecord) decodeWritten(compiled, Map.of("home", Map.of("city", "Paris")));
    assertThat(((GenericRecord) record.getField("home")).getField("city")).isEqualTo("Paris");
  }

  @Test
  void refResolvesAgainstIdsOfTheSchemaAndItsReferences() throws Exception {
    CompiledSchema compiled = compile(
        """
        {"$id": "https://example.com/schemas/order.json", "type": "object",
         "properties": {"customer": {"$ref": "customer.json#/definitions/address"}}}""",
        reference(
            "https://example.com/schemas/customer.json",
            CUSTOMER.replace(
                "{\"$schema\"",
                "{\"$id\": \"https://example.com/schemas/customer.json\", \"$schema\"")));

    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(Types.NestedField.optional(
            1,
            "customer",
            Types.StructType.of(Types.NestedField.optional(2, "city", Types.StringType.get())))));
  }

  @Test
  void referencedSchemasResolveTheirOwnReferences() throws Exception {
    SchemaReference city =
        reference("city.json", "{\"type\": \"string\", \"description\": \"A city\"}");
    SchemaReference address = reference(
        "address.json",
        "{\"type\": \"object\", \"properties\": {\"city\": {\"$ref\": \"city.json\"}}}",
        city);

    CompiledSchema compiled = compile("""
        {"type": "object", "properties": {"shipTo": {"$ref": "address.json"}}}""", address);

    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(Types.NestedField.optional(
            1,
            "shipTo",
            Types.StructType.of(
                Types.NestedField.optional(2, "city", Types.StringType.get(), "A city")))));
  }

  @Test
  void refResolvesAnchorsAndEmbeddedIds() throws Exception {
    CompiledSchema compiled = compile("""
        {"$id": "https://example.com/root.json", "type": "object",
         "properties": {"a": {"$ref": "#amount"}, "b": {"$ref": "item.json"}, "c": {"$ref": "item.json#/properties/n"}},
         "$defs": {
           "amount": {"$anchor": "amount", "type": "number"},
           "item": {"$id": "item.json", "type": "object", "properties": {"n": {"$ref": "#/$defs/count"}},
                    "$defs": {"count": {"type": "integer"}}}}}""");

    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(
            Types.NestedField.optional(1, "a", Types.DoubleType.get()),
            Types.NestedField.optional(
                2,
                "b",
                Types.StructType.of(Types.NestedField.optional(4, "n", Types.LongType.get()))),
            Types.NestedField.optional(3, "c", Types.LongType.get())));
  }

  @Test
  void draft4IdNamesTheDocument() throws Exception {
    CompiledSchema compiled = compile("""
        {"$schema": "http://json-schema.org/draft-04/schema#", "id": "http://example.com/root.json",
         "type": "object", "properties": {"a": {"$ref": "http://example.com/root.json#/definitions/x"}},
         "definitions": {"x": {"type": "boolean"}}}""");

    assertThat(((Types.StructType) compiled.type()).field("a").type())
        .isEqualTo(Types.BooleanType.get());
  }

  @Test
  void recursionThroughRefKeepsTheRecursivePartAsJsonText() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object",
         "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#"}}}}""");

    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(
            Types.NestedField.optional(1, "name", Types.StringType.get()),
            Types.NestedField.optional(
                2, "children", Types.ListType.ofOptional(3, Types.StringType.get()))));
    GenericRecord record = (GenericRecord) decodeText(
        compiled, "{\"name\": \"root\", \"children\": [{\"name\": \"leaf\", \"children\": []}]}");
    assertThat(record.getField("children"))
        .isEqualTo(List.of("{\"name\":\"leaf\",\"children\":[]}"));
  }

  @Test
  void definitionsReachingEachOtherAreRecursive() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object",
         "properties": {"a": {"$ref": "#/$defs/a"}, "b": {"$ref": "#/$defs/b"}, "leaf": {"$ref": "#/$defs/leaf"}},
         "$defs": {
           "a": {"type": "object", "properties": {"b": {"$ref": "#/$defs/b"}}},
           "b": {"oneOf": [{"type": "null"}, {"type": "object", "properties": {"a": {"$ref": "#/$defs/a"}}}]},
           "leaf": {"type": "object", "properties": {"x": {"$ref": "#/$defs/b"}}}}}""");

    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(
            Types.NestedField.optional(1, "a", Types.StringType.get()),
            Types.NestedField.optional(2, "b", Types.StringType.get()),
            Types.NestedField.optional(
                3,
                "leaf",
                Types.StructType.of(Types.NestedField.optional(4, "x", Types.StringType.get())))));
  }

  @Test
  void sameDefinitionReferencedTwiceIsNotRecursive() throws Exception {
    CompiledSchema compiled = compile("""
        {"type": "object",
         "properties": {"from": {"$ref": "#/definitions/point"}, "to": {"$ref": "#/definitions/point"}},
         "definitions": {"point": {"type": "array", "items": {"type": "number"}}}}""");

    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(
            Types.NestedField.optional(
                1, "from", Types.ListType.ofRequired(3, Types.DoubleType.get())),
            Types.NestedField.optional(
                2, "to", Types.ListType.ofRequired(4, Types.DoubleType.get()))));
  }

  @Test
  void unresolvableRefIsUnreadable() {
    assertThatThrownBy(() -> compile("""
        {"type": "object", "properties": {"a": {"$ref": "customer.json"}}}"""))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessage(
            "Cannot resolve $ref 'customer.json' at #/properties/a: no reference of the schema is named "
                + "'customer.json' and no schema has that $id");
    assertThatThrownBy(() -> compile("""
        {"type": "object", "properties": {"a": {"$ref": "#/definitions/missing"}}}"""))
        .hasMessage(
            "Cannot resolve $ref '#/definitions/missing' at #/properties/a: nothing is at /definitions/missing");
  }

  @Test
  void refToASchemaOfAnotherLanguageIsUnreadable() {
    RegisteredSchema avro = RegisteredSchema.of(SchemaType.AVRO, "\"string\"");
    RegisteredSchema json = new RegisteredSchema(
        SchemaType.JSON,
        "{\"$ref\": \"name.avsc\"}",
        List.of(new SchemaReference("name.avsc", "name", 1, avro)));

    assertThatThrownBy(() -> COMPILER.compile(json))
        .hasMessage("The referenced schema 'name.avsc' is a AVRO schema, not a JSON Schema");
  }

  @Test
  void sameSchemaTextAlwaysGivesTheSameType() throws Exception {
    String text =
        "{\"type\": \"object\", \"properties\": {\"m\": {\"type\": \"object\", \"additionalProperties\": "
            + "{\"type\": \"array\", \"items\": {\"type\": \"object\", \"properties\": {\"x\": {\"type\": \"integer\"}}}}}}}";

    assertThat(COMPILER.compile(schema(text)).type())
        .isEqualTo(COMPILER.compile(schema(text)).type());
  }
}
