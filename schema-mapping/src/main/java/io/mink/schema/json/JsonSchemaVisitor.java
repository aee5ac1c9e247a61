package io.mink.schema.json;

import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.json.JsonSchemaNode.ArraySchema;
import io.mink.schema.json.JsonSchemaNode.JsonTextSchema;
import io.mink.schema.json.JsonSchemaNode.MapSchema;
import io.mink.schema.json.JsonSchemaNode.NullableSchema;
import io.mink.schema.json.JsonSchemaNode.ObjectSchema;
import io.mink.schema.json.JsonSchemaNode.Property;
import io.mink.schema.json.JsonSchemaNode.RefSchema;
import io.mink.schema.json.JsonSchemaNode.ScalarSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * A post-order walk of a {@link JsonSchemaNode} tree, in the manner of Iceberg's AvroSchemaVisitor:
 * children first, then their parent with the children's results. A $ref is followed into its
 * definition, except a recursive one, which is visited as JSON text.
 */
abstract class JsonSchemaVisitor<T> {
  private static final int MAX_STEPS = 1000;

  static <T> T visit(JsonSchemaNode schema, JsonSchemaVisitor<T> visitor)
      throws UnreadableSchemaException {
    return visit(schema, visitor, 0);
  }

  private static <T> T visit(JsonSchemaNode schema, JsonSchemaVisitor<T> visitor, int steps)
      throws UnreadableSchemaException {
    if (steps > MAX_STEPS) {
      throw new UnreadableSchemaException(
          "The schema's nesting and $ref chains go deeper than " + MAX_STEPS + " steps");
    }
    if (schema instanceof ObjectSchema object) {
      List<T> results = new ArrayList<>(object.properties().size());
      for (Property property : object.properties()) {
        visitor.beforeProperty(property);
        results.add(visit(property.schema(), visitor, steps + 1));
        visitor.afterProperty(property);
      }
      return visitor.object(object, results);
    } else if (schema instanceof MapSchema map) {
      visitor.beforeMapValue(map);
      T values = visit(map.values(), visitor, steps + 1);
      visitor.afterMapValue(map);
      return visitor.map(map, values);
    } else if (schema instanceof ArraySchema array) {
      visitor.beforeElement(array);
      T items = visit(array.items(), visitor, steps + 1);
      visitor.afterElement(array);
      return visitor.array(array, items);
    } else if (schema instanceof NullableSchema nullable) {
      return visitor.nullable(nullable, visit(nullable.inner(), visitor, steps + 1));
    } else if (schema instanceof RefSchema ref) {
      return ref.target().isRecursive()
          ? visitor.jsonText(ref)
          : visit(ref.target().schema(), visitor, steps + 1);
    } else if (schema instanceof ScalarSchema scalar) {
      return visitor.scalar(scalar);
    } else if (schema instanceof JsonTextSchema text) {
      return visitor.jsonText(text);
    }
    throw new IllegalArgumentException("Unknown schema node: " + schema);
  }

  abstract T object(ObjectSchema object, List<T> properties) throws UnreadableSchemaException;

  abstract T map(MapSchema map, T values) throws UnreadableSchemaException;

  abstract T array(ArraySchema array, T items) throws UnreadableSchemaException;

  abstract T nullable(NullableSchema nullable, T inner) throws UnreadableSchemaException;

  abstract T scalar(ScalarSchema scalar) throws UnreadableSchemaException;

  /** A part kept as JSON text: a {@link JsonTextSchema} or a $ref to a recursive definition. */
  abstract T jsonText(JsonSchemaNode schema) throws UnreadableSchemaException;

  void beforeProperty(Property property) throws UnreadableSchemaException {}

  void afterProperty(Property property) {}

  void beforeMapValue(MapSchema map) throws UnreadableSchemaException {}

  void afterMapValue(MapSchema map) {}

  void beforeElement(ArraySchema array) throws UnreadableSchemaException {}

  void afterElement(ArraySchema array) {}
}
