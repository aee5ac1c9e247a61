package io.mink.schema.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * Random JSON values and schemas from a seed, for the fuzz properties: values valid for a schema,
 * values of any shape, and schemas mixing every keyword the compiler reads with malformed ones.
 */
final class RandomJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final List<String> NAMES = List.of(
      "sku",
      "price",
      "stock",
      "tags",
      "addedAt",
      "id",
      "a",
      "b",
      "name",
      "children",
      "value",
      "x",
      "",
      "ünï",
      "$ref",
      "type");
  private static final List<String> TYPES =
      List.of("null", "boolean", "object", "array", "number", "string", "integer", "int", "");
  private static final List<String> FORMATS = List.of("date-time", "date", "uuid", "email", "time");
  private static final List<String> REFS = List.of(
      "#",
      "#/definitions/a",
      "#/$defs/b",
      "#/properties/x",
      "#/definitions/missing",
      "#here",
      "other.json",
      "other.json#/definitions/a",
      "%%",
      "#/definitions/a/items",
      "https://example.com/s.json",
      "#/$defs/b/properties/a");

  private final Random random;

  RandomJson(long seed) {
    this.random = new Random(seed);
  }

  /** A value of any shape, written by Jackson as it would write Java maps, lists and scalars. */
  Object anyValue(int depth) {
    int choice = random.nextInt(depth <= 0 ? 7 : 9);
    return switch (choice) {
      case 0 -> null;
      case 1 -> random.nextBoolean();
      case 2 -> random.nextInt(2000) - 1000;
      case 3 -> random.nextBoolean() ? random.nextLong() : new BigInteger(80, random);
      case 4 -> random.nextBoolean() ? random.nextDouble() * 1e6 : random.nextGaussian();
      case 5 ->
        pick(List.of(
            "2024-05-01T12:30:00Z",
            "2024-02-29",
            UUID.randomUUID().toString(),
            "",
            "x\"y\\z\u0001"));
      case 6 -> randomString();
      case 7 -> {
        List<Object> list = new ArrayList<>();
        for (int i = random.nextInt(4); i > 0; i--) {
          list.add(anyValue(depth - 1));
        }
        yield list;
      }
      default -> {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = random.nextInt(5); i > 0; i--) {
          map.put(pick(NAMES), anyValue(depth - 1));
        }
        yield map;
      }
    };
  }

  /** A value valid for the schema, which uses only the keywords the fuzz schemas use. */
  Object validFor(JsonNode schema, JsonNode root, int depth) {
    if (schema.has("$ref")) {
      String ref = schema.get("$ref").asText();
      return validFor(ref.equals("#") ? root : root.at(ref.substring(1)), root, depth);
    }
    if (schema.has("oneOf")) {
      return random.nextInt(4) == 0 ? null : validFor(schema.get("oneOf").get(1), root, depth);
    }
    if (schema.has("enum")) {
      return schema.get("enum").get(random.nextInt(schema.get("enum").size())).asText();
    }
    JsonNode type = schema.get("type");
    if (type == null) {
      return anyValue(Math.min(depth, 2));
    }
    if (type.isArray()) {
      return random.nextInt(3) == 0
          ? null
          : validFor(
              ((ObjectNode) schema.deepCopy()).put("type", type.get(0).asText()), root, depth);
    }
    return switch (type.asText()) {
      case "boolean" -> random.nextBoolean();
      case "integer" -> random.nextBoolean() ? random.nextInt(100) : random.nextLong();
      case "number" -> random.nextDouble() * 1000 - 500;
      case "string" ->
        switch (schema.path("format").asText()) {
          case "date-time" ->
            Instant.ofEpochSecond(random.nextInt(2_000_000_000), random.nextInt(1_000_000) * 1000L)
                .toString();
          case "date" -> LocalDate.ofEpochDay(random.nextInt(40_000)).toString();
          case "uuid" -> new UUID(random.nextLong(), random.nextLong()).toString();
          default -> randomString();
        };
      case "array" -> {
        List<Object> list = new ArrayList<>();
        for (int i = depth <= 0 ? 0 : random.nextInt(4); i > 0; i--) {
          list.add(validFor(schema.get("items"), root, depth - 1));
        }
        yield list;
      }
      default -> validObject(schema, root, depth);
    };
  }

  private Map<String, Object> validObject(JsonNode schema, JsonNode root, int depth) {
    Map<String, Object> map = new LinkedHashMap<>();
    if (schema.has("properties")) {
      List<String> required = new ArrayList<>();
      schema.path("required").forEach(name -> required.add(name.asText()));
      schema.get("properties").properties().forEach(property -> {
        if (required.contains(property.getKey()) || (depth > 0 && random.nextBoolean())) {
          map.put(property.getKey(), validFor(property.getValue(), root, depth - 1));
        }
      });
    } else {
      for (int i = depth <= 0 ? 0 : random.nextInt(4); i > 0; i--) {
        map.put(randomString(), validFor(schema.get("additionalProperties"), root, depth - 1));
      }
    }
    return map;
  }

  /** A schema of random keywords, valid or not, with definitions that its $ref may point at. */
  JsonNode anySchema() {
    JsonNode schema = schemaNode(3);
    if (schema.isObject() && random.nextBoolean()) {
      ObjectNode definitions =
          ((ObjectNode) schema).putObject(random.nextBoolean() ? "definitions" : "$defs");
      definitions.set("a", schemaNode(2));
      definitions.set("b", schemaNode(2));
    }
    return schema;
  }

  private JsonNode schemaNode(int depth) {
    int choice = random.nextInt(depth <= 0 ? 5 : 12);
    ObjectNode node = NODES.objectNode();
    switch (choice) {
      case 0 -> node.put("type", pick(TYPES));
      case 1 -> node.put("type", "string").put("format", pick(FORMATS));
      case 2 -> node.put("$ref", pick(REFS));
      case 3 -> {
        return random.nextBoolean()
            ? NODES.booleanNode(random.nextBoolean())
            : NODES.numberNode(random.nextInt());
      }
      case 4 ->
        node.set(
            "enum",
            NODES
                .arrayNode()
                .add("A")
                .add(random.nextBoolean() ? NODES.nullNode() : NODES.textNode("B")));
      case 5, 6 -> {
        node.put("type", "object");
        ObjectNode properties = node.putObject("properties");
        ArrayNode required = node.putArray("required");
        for (int i = random.nextInt(4); i > 0; i--) {
          String name = pick(NAMES);
          properties.set(name, schemaNode(depth - 1));
          if (random.nextBoolean()) {
            required.add(name);
          }
        }
        if (random.nextBoolean()) {
          node.set("additionalProperties", schemaNode(depth - 1));
        }
      }
      case 7 ->
        node.put("type", "array")
            .set(
                "items",
                random.nextBoolean()
                    ? schemaNode(depth - 1)
                    : NODES.arrayNode().add(schemaNode(depth - 1)));
      case 8, 9 -> {
        ArrayNode members = node.putArray(pick(List.of("oneOf", "anyOf", "allOf")));
        for (int i = random.nextInt(3); i >= 0; i--) {
          members.add(
              random.nextBoolean()
                  ? NODES.objectNode().put("type", "null")
                  : schemaNode(depth - 1));
        }
      }
      case 10 -> node.set("type", NODES.arrayNode().add(pick(TYPES)).add(pick(TYPES)));
      default ->
        node.put("$id", pick(List.of("here.json", "#here", "https://example.com/s.json", "::")))
            .put("$anchor", "here")
            .set("not", schemaNode(depth - 1));
    }
    if (random.nextInt(4) == 0) {
      node.put("description", randomString());
    }
    return node;
  }

  private String randomString() {
    StringBuilder text = new StringBuilder();
    for (int i = random.nextInt(12); i > 0; i--) {
      text.append(
          (char) (random.nextInt(4) == 0 ? random.nextInt(0x3000) : 'a' + random.nextInt(26)));
    }
    return text.toString();
  }

  private <T> T pick(List<T> choices) {
    return choices.get(random.nextInt(choices.size()));
  }
}
