package io.mink.schema.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.json.JsonSchemaNode.ArraySchema;
import io.mink.schema.json.JsonSchemaNode.JsonTextSchema;
import io.mink.schema.json.JsonSchemaNode.MapSchema;
import io.mink.schema.json.JsonSchemaNode.NullableSchema;
import io.mink.schema.json.JsonSchemaNode.ObjectSchema;
import io.mink.schema.json.JsonSchemaNode.Property;
import io.mink.schema.json.JsonSchemaNode.RefSchema;
import io.mink.schema.json.JsonSchemaNode.Scalar;
import io.mink.schema.json.JsonSchemaNode.ScalarSchema;
import io.mink.schema.json.SchemaDocuments.Scope;
import io.mink.schema.json.SchemaDocuments.Target;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the keywords of a JSON Schema (drafts 4 to 2020-12) into {@link JsonSchemaNode}s. Every
 * schema a $ref reaches becomes one {@link Definition}, read once; parts kept as JSON text are not
 * read further, so what they refer to need not resolve.
 */
final class JsonSchemaReader {
  /** The deepest a schema and a payload may nest, counting the root as the first level. */
  static final int MAX_DEPTH = 64;

  private final SchemaDocuments documents;
  private final IdentityHashMap<JsonNode, Definition> definitions = new IdentityHashMap<>();
  private final ArrayDeque<Pending> pending = new ArrayDeque<>();

  private record Pending(Definition definition, Target target) {}

  private JsonSchemaReader(SchemaDocuments documents) {
    this.documents = documents;
  }

  /** Reads the registered schema and every definition it reaches; returns the root's definition. */
  static Definition read(SchemaDocuments documents) throws UnreadableSchemaException {
    JsonSchemaReader reader = new JsonSchemaReader(documents);
    Definition root = reader.definitionOf(documents.root());
    while (!reader.pending.isEmpty()) {
      Pending next = reader.pending.poll();
      Target target = next.target();
      next.definition()
          .define(
              reader.read(target.node(), target.scope(), next.definition(), target.location(), 0));
    }
    return root;
  }

  private Definition definitionOf(Target target) {
    Definition definition = definitions.get(target.node());
    if (definition == null) {
      definition = new Definition(target.location());
      definitions.put(target.node(), definition);
      pending.add(new Pending(definition, target));
    }
    return definition;
  }

  private JsonSchemaNode read(
      JsonNode node, Scope scope, Definition owner, String location, int depth)
      throws UnreadableSchemaException {
    if (depth >= MAX_DEPTH) {
      throw new UnreadableSchemaException(
          "The schema nests deeper than " + MAX_DEPTH + " levels at " + location);
    }
    if (node.isBoolean()) {
      return new JsonTextSchema(null);
    }
    if (!node.isObject()) {
      throw new UnreadableSchemaException("The schema at " + location
          + " must be an object or a boolean, not " + JsonKind.describe(node));
    }
    Scope own = documents.scopeOf(node, scope);
    String description =
        node.path("description").isTextual() ? node.get("description").asText() : null;
    JsonNode ref = node.get("$ref");
    if (ref != null) {
      if (!ref.isTextual()) {
        throw new UnreadableSchemaException(
            "$ref at " + location + " must be a string, not " + JsonKind.describe(ref));
      }
      Definition target = definitionOf(documents.resolve(ref.asText(), own, location));
      owner.refersTo(target);
      return new RefSchema(target, description);
    }
    if (node.has("$dynamicRef") || node.has("$recursiveRef")) {
      return new JsonTextSchema(description);
    }
    if (node.has("allOf") || node.has("anyOf") || node.has("oneOf")) {
      return readComposition(node, own, owner, location, depth, description);
    }
    Set<JsonKind> kinds = JsonKind.allowedBy(node, location);
    boolean nullable = kinds.remove(JsonKind.NULL);
    if (kinds.size() != 1) {
      return new JsonTextSchema(description);
    }
    JsonSchemaNode mapped = switch (kinds.iterator().next()) {
      case BOOLEAN -> new ScalarSchema(Scalar.BOOLEAN, description);
      case INTEGER -> new ScalarSchema(Scalar.LONG, description);
      case NUMBER -> new ScalarSchema(Scalar.DOUBLE, description);
      case STRING -> new ScalarSchema(stringScalar(node.path("format").asText("")), description);
      case OBJECT -> readObject(node, own, owner, location, depth, description);
      case ARRAY -> readArray(node, own, owner, location, depth, description);
      case NULL -> throw new IllegalStateException("null was removed");
    };
    return nullable ? new NullableSchema(mapped, description) : mapped;
  }

  /**
   * oneOf/anyOf of {type: null} and one schema is that schema, optional; a composition of one
   * schema is that schema; any other composition, or one beside other typing keywords, is JSON text.
   */
  private JsonSchemaNode readComposition(
      JsonNode node, Scope scope, Definition owner, String location, int depth, String description)
      throws UnreadableSchemaException {
    List<String> present = new ArrayList<>();
    for (String keyword : List.of("allOf", "anyOf", "oneOf")) {
      if (node.has(keyword)) {
        present.add(keyword);
      }
    }
    boolean typed = node.has("type")
        || node.has("properties")
        || node.has("items")
        || node.has("enum")
        || node.has("const")
        || node.has("additionalProperties")
        || node.has("prefixItems");
    String keyword = present.get(0);
    JsonNode members = node.get(keyword);
    if (!members.isArray()) {
      throw new UnreadableSchemaException(keyword + " at " + location
          + " must be an array of schemas, not " + JsonKind.describe(members));
    }
    if (present.size() > 1 || typed) {
      return new JsonTextSchema(description);
    }
    String at = location + "/" + keyword + "/";
    if (members.size() == 1) {
      return JsonSchemaNode.describedAs(
          read(members.get(0), scope, owner, at + 0, depth + 1), description);
    }
    if (members.size() == 2 && !keyword.equals("allOf")) {
      boolean firstIsNull = JsonKind.onlyNull(members.get(0));
      boolean secondIsNull = JsonKind.onlyNull(members.get(1));
      if (firstIsNull != secondIsNull) {
        int other = firstIsNull ? 1 : 0;
        return new NullableSchema(
            read(members.get(other), scope, owner, at + other, depth + 1), description);
      }
    }
    return new JsonTextSchema(description);
  }

  /** With properties, a struct; without, a map whose values follow additionalProperties when it is a schema. */
  private JsonSchemaNode readObject(
      JsonNode node, Scope scope, Definition owner, String location, int depth, String description)
      throws UnreadableSchemaException {
    JsonNode properties = node.get("properties");
    if (properties != null && !properties.isObject()) {
      throw new UnreadableSchemaException(
          "properties at " + location + " must be an object, not " + JsonKind.describe(properties));
    }
    if (properties != null && !properties.isEmpty()) {
      Set<String> required = requiredNames(node.get("required"));
      List<Property> read = new ArrayList<>(properties.size());
      for (Map.Entry<String, JsonNode> property : properties.properties()) {
        String name = property.getKey();
        String at = location + "/properties/" + SchemaDocuments.escape(name);
        read.add(new Property(
            name, read(property.getValue(), scope, owner, at, depth + 1), required.contains(name)));
      }
      return new ObjectSchema(read, description);
    }
    JsonNode additional = node.get("additionalProperties");
    boolean patterned = node.path("patternProperties").isObject()
        && !node.get("patternProperties").isEmpty();
    JsonSchemaNode values = additional != null && additional.isObject() && !patterned
        ? read(additional, scope, owner, location + "/additionalProperties", depth + 1)
        : new JsonTextSchema(null);
    return new MapSchema(values, description);
  }

  /** One items schema makes a list; a tuple (prefixItems, or items as an array) is JSON text. */
  private JsonSchemaNode readArray(
      JsonNode node, Scope scope, Definition owner, String location, int depth, String description)
      throws UnreadableSchemaException {
    JsonNode items = node.get("items");
    if (node.has("prefixItems") || (items != null && items.isArray())) {
      return new JsonTextSchema(description);
    }
    JsonSchemaNode element = items == null
        ? new JsonTextSchema(null)
        : read(items, scope, owner, location + "/items", depth + 1);
    return new ArraySchema(element, description);
  }

  private static Scalar stringScalar(String format) {
    return switch (format) {
      case "date-time" -> Scalar.TIMESTAMPTZ;
      case "date" -> Scalar.DATE;
      case "uuid" -> Scalar.UUID;
      default -> Scalar.STRING;
    };
  }

  private static Set<String> requiredNames(JsonNode required) {
    Set<String> names = new HashSet<>();
    if (required != null && required.isArray()) {
      for (JsonNode name : required) {
        if (name.isTextual()) {
          names.add(name.asText());
        }
      }
    }
    return names;
  }
}
