package io.mink.schema.avro;

import static io.mink.schema.avro.AvroPayloads.compile;
import static io.mink.schema.avro.AvroPayloads.decode;
import static io.mink.schema.avro.AvroPayloads.fieldF;
import static io.mink.schema.avro.AvroPayloads.roundTripField;
import static io.mink.schema.avro.AvroPayloads.rowWith;
import static io.mink.schema.avro.AvroPayloads.schemaOfF;
import static io.mink.schema.avro.AvroPayloads.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** docs/type-mapping.md, Avro: record, array, map, unions, wide decimals and recursive records. */
class AvroComplexMappingTest {
  private static final String ORDER = """
      {"type": "record", "name": "Order", "namespace": "shop", "doc": "An order",
       "fields": [
         {"name": "id", "type": "long", "doc": "The order's id"},
         {"name": "customer", "type": {"type": "record", "name": "Customer", "fields": [
           {"name": "name", "type": "string"},
           {"name": "email", "type": ["null", "string"]}]}},
         {"name": "note", "type": ["string", "null"]}
       ]}""";

  @Test
  void recordMapsToStructWithFieldsInAvroOrderAndDocsOnlyWhereGiven() throws Exception {
    CompiledAvroSchema compiled = compile(ORDER);
    Types.StructType customer = Types.StructType.of(
        Types.NestedField.required(4, "name", Types.StringType.get()),
        Types.NestedField.optional(5, "email", Types.StringType.get()));

    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(
            Types.NestedField.required(1, "id", Types.LongType.get(), "The order's id"),
            Types.NestedField.required(2, "customer", customer),
            Types.NestedField.optional(3, "note", Types.StringType.get())));

    Schema schema = compiled.avroSchema();
    GenericData.Record buyer =
        new GenericData.Record(schema.getField("customer").schema());
    buyer.put("name", "Ada");
    buyer.put("email", null);
    GenericData.Record order = new GenericData.Record(schema);
    order.put("id", 7L);
    order.put("customer", buyer);
    order.put("note", "leave at the door");

    GenericRecord decoded = (GenericRecord) decode(compiled, write(schema, order));
    GenericRecord decodedBuyer = (GenericRecord) decoded.getField("customer");
    assertThat(decoded.struct()).isEqualTo(compiled.type());
    assertThat(decoded.getField("id")).isEqualTo(7L);
    assertThat(decodedBuyer.getField("name")).isEqualTo("Ada");
    assertThat(decodedBuyer.getField("email")).isNull();
    assertThat(decoded.getField("note")).isEqualTo("leave at the door");
  }

  @Test
  void sameSchemaTextAlwaysGivesTheSameFieldIdsAndEveryIdIsUnique() {
    Type first = compile(ORDER).type();
    Type second = compile(ORDER).type();
    List<Integer> ids = allFieldIds(first);

    assertThat(second).isEqualTo(first);
    assertThat(ids).hasSize(5).doesNotHaveDuplicates();
  }

  @Test
  void arrayMapsToListWithElementsRequiredUnlessTheyHoldNull() throws Exception {
    CompiledAvroSchema strings = compile(rowWith("{\"type\":\"array\",\"items\":\"string\"}"));
    CompiledAvroSchema optionalInts =
        compile(rowWith("{\"type\":\"array\",\"items\":[\"null\",\"int\"]}"));

    assertThat(fieldF(strings).type())
        .isEqualTo(Types.ListType.ofRequired(2, Types.StringType.get()));
    assertThat(roundTripField(strings, List.of("a", "b", "c"))).isEqualTo(List.of("a", "b", "c"));
    assertThat(roundTripField(strings, List.of())).isEqualTo(List.of());
    assertThat(fieldF(optionalInts).type())
        .isEqualTo(Types.ListType.ofOptional(2, Types.IntegerType.get()));
    assertThat(roundTripField(optionalInts, Arrays.asList(1, null, 3)))
        .isEqualTo(Arrays.asList(1, null, 3));
  }

  @Test
  void mapMapsToMapOfStringKeys() throws Exception {
    CompiledAvroSchema compiled = compile(rowWith("{\"type\":\"map\",\"values\":\"long\"}"));

    assertThat(fieldF(compiled).type())
        .isEqualTo(Types.MapType.ofRequired(2, 3, Types.StringType.get(), Types.LongType.get()));
    assertThat(roundTripField(compiled, Map.of("a", 1L, "b", 2L)))
        .isEqualTo(Map.of("a", 1L, "b", 2L));
  }

  @Test
  void unionOfNullAndOneTypeMapsToThatTypeOptionalInEitherOrder() throws Exception {
    CompiledAvroSchema nullFirst = compile(rowWith("[\"null\",\"double\"]"));
    CompiledAvroSchema nullLast = compile(rowWith("[\"double\",\"null\"]"));

    for (CompiledAvroSchema compiled : List.of(nullFirst, nullLast)) {
      assertThat(fieldF(compiled))
          .isEqualTo(Types.NestedField.optional(1, "f", Types.DoubleType.get()));
      assertThat(roundTripField(compiled, 2.5)).isEqualTo(2.5);
      assertThat(roundTripField(compiled, null)).isNull();
    }
  }

  @Test
  void unionOfNullAndARecordMapsToAnOptionalStruct() throws Exception {
    CompiledAvroSchema compiled = compile(
        rowWith(
            "[\"null\",{\"type\":\"record\",\"name\":\"Point\",\"fields\":[{\"name\":\"x\",\"type\":\"int\"}]}]"));
    GenericData.Record point =
        new GenericData.Record(schemaOfF(compiled).getTypes().get(1));
    point.put("x", 3);

    assertThat(fieldF(compiled).isOptional()).isTrue();
    assertThat(fieldF(compiled).type())
        .isEqualTo(
            Types.StructType.of(Types.NestedField.required(2, "x", Types.IntegerType.get())));
    assertThat(((GenericRecord) roundTripField(compiled, point)).getField("x")).isEqualTo(3);
  }

  @Test
  void unionOfOneTypeAloneMapsToThatTypeRequired() throws Exception {
    CompiledAvroSchema compiled = compile(rowWith("[\"long\"]"));

    assertThat(fieldF(compiled))
        .isEqualTo(Types.NestedField.required(1, "f", Types.LongType.get()));
    assertThat(roundTripField(compiled, 9L)).isEqualTo(9L);
  }

  @Test
  void topLevelUnionOfNullAndARecordIsTheStructAndItsNullBranchDecodesToNull() throws Exception {
    CompiledAvroSchema compiled = compile(
        "[\"null\",{\"type\":\"record\",\"name\":\"P\",\"fields\":[{\"name\":\"x\",\"type\":\"int\"}]}]");

    assertThat(compiled.type())
        .isEqualTo(
            Types.StructType.of(Types.NestedField.required(1, "x", Types.IntegerType.get())));
    assertThat(decode(compiled, write(compiled.avroSchema(), null))).isNull();
  }

  @Test
  void unionOfSeveralTypesMapsToStringHoldingTheValueAsJson() throws Exception {
    CompiledAvroSchema withoutNull = compile(rowWith("[\"int\",\"string\"]"));
    CompiledAvroSchema withNull = compile(rowWith("[\"null\",\"int\",\"string\"]"));

    assertThat(fieldF(withoutNull))
        .isEqualTo(Types.NestedField.required(1, "f", Types.StringType.get()));
    assertThat(roundTripField(withoutNull, 12)).isEqualTo("12");
    assertThat(roundTripField(withoutNull, "twelve")).isEqualTo("\"twelve\"");
    assertThat(fieldF(withNull))
        .isEqualTo(Types.NestedField.optional(1, "f", Types.StringType.get()));
    assertThat(roundTripField(withNull, null)).isEqualTo("null");
  }

  @Test
  void decimalWiderThan38DigitsMapsToStringHoldingTheNumberAsJson() throws Exception {
    CompiledAvroSchema compiled = compile(
        rowWith("{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":50,\"scale\":3}"));
    BigDecimal wide = new BigDecimal("-12345678901234567890123456789012345678901234.567");

    assertThat(fieldF(compiled).type()).isEqualTo(Types.StringType.get());
    assertThat(roundTripField(compiled, wide))
        .isEqualTo("-12345678901234567890123456789012345678901234.567");
  }

  @Test
  void recursiveRecordKeepsItsOtherFieldsTypedAndTheRecursingFieldAsJson() throws Exception {
    CompiledAvroSchema compiled = compile("""
        {"type": "record", "name": "Node", "fields": [
          {"name": "value", "type": "int"},
          {"name": "next", "type": ["null", "Node"]}]}""");
    Schema schema = compiled.avroSchema();
    GenericData.Record last = new GenericData.Record(schema);
    last.put("value", 2);
    last.put("next", null);
    GenericData.Record first = new GenericData.Record(schema);
    first.put("value", 1);
    first.put("next", last);

    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(
            Types.NestedField.required(1, "value", Types.IntegerType.get()),
            Types.NestedField.optional(2, "next", Types.StringType.get())));
    GenericRecord decoded = (GenericRecord) decode(compiled, write(schema, first));
    assertThat(decoded.getField("value")).isEqualTo(1);
    assertThat(decoded.getField("next")).isEqualTo("{\"value\":2,\"next\":null}");
  }

  @Test
  void recursionAtAnyDepthTurnsTheFieldThatLeadsBackIntoJson() {
    CompiledAvroSchema compiled = compile("""
        {"type": "record", "name": "Tree", "fields": [
          {"name": "label", "type": "string"},
          {"name": "meta", "type": {"type": "record", "name": "Meta", "fields": [
            {"name": "depth", "type": "int"},
            {"name": "children", "type": {"type": "array", "items": "Tree"}}]}}]}""");

    Types.StructType meta = compiled.type().asStructType().field("meta").type().asStructType();
    assertThat(meta.field("depth").type()).isEqualTo(Types.IntegerType.get());
    assertThat(meta.field("children")).satisfies(children -> {
      assertThat(children.type()).isEqualTo(Types.StringType.get());
      assertThat(children.isRequired()).isTrue();
    });
  }

  @Test
  void nullTypeMapsToAnOptionalStringThatIsAlwaysNull() throws Exception {
    CompiledAvroSchema compiled = compile(rowWith("\"null\""));

    assertThat(fieldF(compiled))
        .isEqualTo(Types.NestedField.optional(1, "f", Types.StringType.get()));
    assertThat(roundTripField(compiled, null)).isNull();
  }

  @Test
  void topLevelArrayIsTheValueType() throws Exception {
    CompiledAvroSchema compiled = compile("{\"type\":\"array\",\"items\":\"int\"}");

    assertThat(compiled.type()).isEqualTo(Types.ListType.ofRequired(1, Types.IntegerType.get()));
    assertThat(decode(compiled, write(compiled.avroSchema(), List.of(4, 5))))
        .isEqualTo(List.of(4, 5));
  }

  @Test
  void idsOfNestedTypesDoNotCollide() {
    CompiledAvroSchema compiled = compile("""
        {"type": "record", "name": "R", "fields": [
          {"name": "a", "type": {"type": "map", "values": {"type": "array", "items":
            {"type": "record", "name": "E", "fields": [{"name": "x", "type": "int"}]}}}},
          {"name": "b", "type": {"type": "array", "items": "E"}}]}""");
    List<Integer> ids = allFieldIds(compiled.type());

    assertThat(ids).hasSize(8).doesNotHaveDuplicates();
  }

  private static List<Integer> allFieldIds(Type type) {
    List<Integer> ids = new ArrayList<>();
    if (type.isNestedType()) {
      for (Types.NestedField field : type.asNestedType().fields()) {
        ids.add(field.fieldId());
        ids.addAll(allFieldIds(field.type()));
      }
    }
    return ids;
  }
}
