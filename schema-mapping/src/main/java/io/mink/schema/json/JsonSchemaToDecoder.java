package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonFactory;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.json.JsonSchemaNode.ArraySchema;
import io.mink.schema.json.JsonSchemaNode.MapSchema;
import io.mink.schema.json.JsonSchemaNode.NullableSchema;
import io.mink.schema.json.JsonSchemaNode.ObjectSchema;
import io.mink.schema.json.JsonSchemaNode.Property;
import io.mink.schema.json.JsonSchemaNode.RefSchema;
import io.mink.schema.json.JsonSchemaNode.ScalarSchema;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.apache.iceberg.types.Types;

/**
 * The schema walk that compiles a {@link JsonSchemaNode} tree into a tree of decoders, each with
 * its Iceberg type. Field ids: the root object's properties take 1 to n in order; every other
 * field, list element, map key and map value takes the next id after n, in the order the walk
 * completes them, so the same schema always gets the same ids.
 */
final class JsonSchemaToDecoder extends JsonSchemaVisitor<JsonSchemaToDecoder.Mapping> {
  static final int MAX_FIELDS = 50_000;

  /** A compiled part: its decoder, and whether null is one of its values. */
  record Mapping(ValueDecoder decoder, boolean nullable) {}

  /** Where the walk is: the path of the part ("items[*].sku") and the subject of its error messages. */
  private record Site(String path, String subject) {}

  private final JsonFactory payloads;
  private final Deque<Site> sites = new ArrayDeque<>();
  private int nextId;
  private int fields;

  private JsonSchemaToDecoder(JsonFactory payloads, int rootFields) {
    this.payloads = payloads;
    this.nextId = rootFields + 1;
    sites.push(new Site("", "The payload"));
  }

  static Mapping compile(JsonSchemaNode root, JsonFactory payloads)
      throws UnreadableSchemaException {
    return JsonSchemaVisitor.visit(root, new JsonSchemaToDecoder(payloads, rootFieldCount(root)));
  }

  private static int rootFieldCount(JsonSchemaNode root) {
    JsonSchemaNode current = root;
    for (int step = 0; step < 1_000; step++) {
      if (current instanceof NullableSchema nullable) {
        current = nullable.inner();
      } else if (current instanceof RefSchema ref && !ref.target().isRecursive()) {
        current = ref.target().schema();
      } else {
        break;
      }
    }
    return current instanceof ObjectSchema object ? object.properties().size() : 0;
  }

  @Override
  Mapping object(ObjectSchema object, List<Mapping> properties) {
    boolean root = sites.size() == 1;
    List<Types.NestedField> fields = new ArrayList<>(properties.size());
    List<ValueDecoder> decoders = new ArrayList<>(properties.size());
    List<Boolean> present = new ArrayList<>(properties.size());
    for (int i = 0; i < properties.size(); i++) {
      Property property = object.properties().get(i);
      Mapping mapping = properties.get(i);
      int id = root ? i + 1 : nextId++;
      boolean optional = mapping.nullable() || !property.required();
      fields.add(Types.NestedField.builder()
          .withId(id)
          .isOptional(optional)
          .withName(property.name())
          .ofType(mapping.decoder().type())
          .withDoc(JsonSchemaNode.documentation(property.schema()))
          .build());
      decoders.add(mapping.decoder());
      present.add(property.required());
    }
    return new Mapping(
        new StructDecoder(subject(), Types.StructType.of(fields), decoders, present), false);
  }

  @Override
  Mapping map(MapSchema map, Mapping values) {
    int keyId = nextId++;
    int valueId = nextId++;
    Types.MapType type = values.nullable()
        ? Types.MapType.ofOptional(
            keyId, valueId, Types.StringType.get(), values.decoder().type())
        : Types.MapType.ofRequired(
            keyId, valueId, Types.StringType.get(), values.decoder().type());
    return new Mapping(new MapDecoder(subject(), type, values.decoder()), false);
  }

  @Override
  Mapping array(ArraySchema array, Mapping items) {
    int elementId = nextId++;
    Types.ListType type = items.nullable()
        ? Types.ListType.ofOptional(elementId, items.decoder().type())
        : Types.ListType.ofRequired(elementId, items.decoder().type());
    return new Mapping(new ListDecoder(subject(), type, items.decoder()), false);
  }

  @Override
  Mapping nullable(NullableSchema nullable, Mapping inner) {
    return new Mapping(inner.decoder(), true);
  }

  @Override
  Mapping scalar(ScalarSchema scalar) {
    String subject = subject();
    ValueDecoder decoder = switch (scalar.scalar()) {
      case BOOLEAN -> new BooleanDecoder(subject);
      case STRING -> new StringDecoder(subject);
      case LONG -> new LongDecoder(subject);
      case DOUBLE -> new DoubleDecoder(subject);
      case TIMESTAMPTZ -> new TimestamptzDecoder(subject);
      case DATE -> new DateDecoder(subject);
      case UUID -> new UuidDecoder(subject);
    };
    return new Mapping(decoder, false);
  }

  @Override
  Mapping jsonText(JsonSchemaNode schema) {
    return new Mapping(new JsonTextDecoder(subject(), payloads), true);
  }

  @Override
  void beforeProperty(Property property) throws UnreadableSchemaException {
    String parent = sites.peek().path();
    String path = parent.isEmpty() ? property.name() : parent + "." + property.name();
    enter(path, "Property '" + path + "'", 1);
  }

  @Override
  void afterProperty(Property property) {
    sites.pop();
  }

  @Override
  void beforeMapValue(MapSchema map) throws UnreadableSchemaException {
    String parent = sites.peek().path();
    enter(parent.isEmpty() ? "*" : parent + ".*", "A value of " + quoted(parent), 2);
  }

  @Override
  void afterMapValue(MapSchema map) {
    sites.pop();
  }

  @Override
  void beforeElement(ArraySchema array) throws UnreadableSchemaException {
    String parent = sites.peek().path();
    enter(parent + "[*]", "An element of " + quoted(parent), 1);
  }

  @Override
  void afterElement(ArraySchema array) {
    sites.pop();
  }

  private void enter(String path, String subject, int newFields) throws UnreadableSchemaException {
    if (sites.size() >= JsonSchemaReader.MAX_DEPTH) {
      throw new UnreadableSchemaException("The schema nests deeper than "
          + JsonSchemaReader.MAX_DEPTH + " levels at '" + path + "'");
    }
    fields += newFields;
    if (fields > MAX_FIELDS) {
      throw new UnreadableSchemaException("The schema maps to more than " + MAX_FIELDS
          + " fields once its $ref are expanded, at '" + path + "'");
    }
    sites.push(new Site(path, subject));
  }

  private String subject() {
    return sites.peek().subject();
  }

  private static String quoted(String path) {
    return path.isEmpty() ? "the payload" : "'" + path + "'";
  }
}
