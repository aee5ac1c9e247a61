package io.mink.indexer.interop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.apicurio.registry.serde.jsonschema.JsonSchemaKafkaSerializer;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serializer;

/**
 * JSON Schema's part of the all-types table: JSON objects valid under {@code interop/all-types.schema.json}, which
 * has a property of each type of docs/type-mapping.md's JSON Schema section, written by Apicurio's
 * JsonSchemaKafkaSerializer (which validates them against it). An allOf of one schema is that schema's type
 * (JsonSchemaCompiler), so {@code json_all_of_one} holds plain text and {@code json_all_of}, of two, holds JSON.
 */
final class JsonSchemaAllTypes implements AllTypesLanguage {
  static final int RECORDS = 3;
  static final String SCHEMA_RESOURCE = "interop/all-types.schema.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A property: its column's Iceberg type, the value of each record (null: absent) and how Spark reads it back. */
  private record Field(
      String name, String icebergType, List<?> values, Function<Object, Object> read) {
    Field {
      if (values.size() != RECORDS) {
        throw new IllegalArgumentException(
            name + " has " + values.size() + " values, not " + RECORDS);
      }
    }
  }

  private static final List<Field> FIELDS = List.of(
      field("json_boolean", "boolean", values(true, false, null), SparkValues::asIs),
      field("json_string", "string", values("text", "", null), SparkValues::asIs),
      field("json_integer", "long", values(Long.MIN_VALUE, 0L, null), SparkValues::asIs),
      field("json_number", "double", values(1.5, -1e-7, null), SparkValues::asIs),
      field(
          "json_date_time",
          "timestamptz",
          values("2024-02-29T23:59:58.123456+05:30", "1969-07-20T20:17:40Z", null),
          text -> SparkValues.timestamptz(OffsetDateTime.parse(text).toInstant())),
      field("json_date", "date", values("2024-02-29", "1900-01-01", null), SparkValues::asIs),
      field(
          "json_uuid",
          "uuid",
          values(
              "0F8FAD5B-D9CB-469F-A165-70867728950E", "00000000-0000-0000-0000-000000000000", null),
          text -> UUID.fromString(text).toString()),
      field(
          "json_time",
          "string",
          values("13:45:30.123+02:00", "23:59:59Z", null),
          SparkValues::asIs),
      field(
          "json_object",
          "struct<a: long>",
          values(Map.of("a", 5L), Map.of("a", -1L), null),
          SparkValues::asIs),
      field(
          "json_map",
          "map<string, long>",
          values(Map.of("x", 1L, "ü", -2L), Map.<String, Long>of(), null),
          SparkValues::asIs),
      field(
          "json_array",
          "list<string>",
          values(List.of("a", "b"), List.<String>of(), null),
          SparkValues::asIs),
      field("json_enum", "string", values("RED", "GREEN", null), SparkValues::asIs),
      field(
          "json_nullable_string",
          "string",
          values(TextNode.valueOf("x"), NullNode.getInstance(), null),
          node -> node.isNull() ? null : node.textValue()),
      field(
          "json_ref",
          "struct<a: optional long>",
          values(Map.of("a", 3L), Map.<String, Long>of(), null),
          object -> Collections.singletonMap("a", object.get("a"))),
      field(
          "json_one_of",
          "string",
          JsonSchemaAllTypes.<Object>values("abc", 7L, null),
          SparkValues::json),
      field(
          "json_any_of",
          "string",
          JsonSchemaAllTypes.<Object>values(8L, "def", null),
          SparkValues::json),
      field("json_all_of_one", "string", values("only", "", null), SparkValues::asIs),
      field("json_all_of", "string", values("both", "", null), SparkValues::json),
      field(
          "json_string_or_integer",
          "string",
          JsonSchemaAllTypes.<Object>values("s", 12L, null),
          SparkValues::json),
      field(
          "json_untyped",
          "string",
          JsonSchemaAllTypes.<Object>values(Map.of("k", List.of(1, "x", true)), "text", null),
          SparkValues::json),
      field(
          "json_free_object",
          "map<string, optional string>",
          values(
              Map.of("n", 1, "s", "x", "o", Map.of("a", List.of(true))),
              Map.<String, Object>of(),
              null),
          JsonSchemaAllTypes::membersAsJson),
      field(
          "json_free_array",
          "list<optional string>",
          values(List.of(1, "x", Map.of("a", 1.5)), List.of(), null),
          list -> list.stream().map(SparkValues::json).toList()));

  @Override
  @SuppressWarnings("unchecked")
  public Serializer<Object> serializer(String apicurioUrl) {
    Map<String, Object> config = AllTypesLanguage.apicurioConfig(apicurioUrl);
    config.put("apicurio.registry.artifact.schema.location", SCHEMA_RESOURCE);
    JsonSchemaKafkaSerializer<Object> serializer = new JsonSchemaKafkaSerializer<>();
    serializer.configure(config, false);
    return serializer;
  }

  @Override
  public List<Object> values() {
    List<Object> objects = new ArrayList<>();
    for (int i = 0; i < RECORDS; i++) {
      ObjectNode object = JSON.createObjectNode();
      for (Field field : FIELDS) {
        Object value = field.values().get(i);
        if (value != null) {
          object.set(field.name(), JSON.valueToTree(value));
        }
      }
      objects.add(object);
    }
    return objects;
  }

  @Override
  public List<AllTypesColumn> columns() {
    return FIELDS.stream()
        .map(field -> new AllTypesColumn(
            field.name(),
            field.icebergType(),
            field.values().stream()
                .map(value -> value == null ? null : field.read().apply(value))
                .toList()))
        .toList();
  }

  @SuppressWarnings("unchecked")
  private static <T> Field field(
      String name, String icebergType, List<T> values, Function<T, Object> read) {
    return new Field(name, icebergType, values, value -> read.apply((T) value));
  }

  @SafeVarargs
  private static <T> List<T> values(T... values) {
    List<T> list = new ArrayList<>(values.length);
    for (T value : values) {
      list.add(value);
    }
    return list;
  }

  /** An object with no properties as Mink keeps it: each member's value as JSON. */
  private static Map<String, JsonNode> membersAsJson(Map<String, Object> object) {
    Map<String, JsonNode> members = new LinkedHashMap<>();
    object.forEach((name, value) -> members.put(name, SparkValues.json(value)));
    return members;
  }
}
