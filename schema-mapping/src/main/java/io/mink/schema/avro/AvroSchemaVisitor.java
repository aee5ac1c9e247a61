package io.mink.schema.avro;

import io.mink.schema.decode.UnreadableSchemaException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.avro.Schema;

/**
 * A post-order walk of an Avro schema that decides, once for every visitor, how each part maps
 * (docs/type-mapping.md, Avro): a union of null and one type is an {@link #option}; a union of several
 * non-null types, a decimal wider than 38 digits and a field whose type leads back to a record it
 * is inside (a recursive record) are each a {@link #json} leaf, and the walk does not enter them.
 * Records, arrays and maps may nest {@value #MAX_DEPTH} levels deep, and the walk may meet at most
 * {@value #MAX_FIELDS} fields, elements and map values in all: a named record used twice in each
 * of a few records expands exponentially.
 *
 * <p>The before/after hooks follow the walk into fields, array elements and map values, so a
 * visitor can keep a partner type in step, as Iceberg's TypeUtil visitors do.
 */
abstract class AvroSchemaVisitor<T> {
  static final int MAX_DEPTH = 64;
  static final int MAX_FIELDS = 100_000;

  private final Deque<String> path = new ArrayDeque<>();
  private final Deque<String> enclosingRecords = new ArrayDeque<>();
  private final Set<String> enclosingRecordNames = new HashSet<>();
  private int depth;
  private int fieldsMet;

  static <T> T visit(Schema schema, AvroSchemaVisitor<T> visitor) throws UnreadableSchemaException {
    return visitor.walk(schema);
  }

  abstract T record(Schema record, List<T> fields);

  /** A union of null and one other type, or of one type alone. */
  abstract T option(Schema union, T value);

  /** The null type, or a union of null alone: a value that is always null. */
  abstract T nullValue(Schema schema);

  abstract T array(Schema array, T element);

  abstract T map(Schema map, T value);

  abstract T leaf(Schema schema, AvroLeaf leaf);

  /** A part held as JSON text. */
  abstract T json(Schema schema) throws UnreadableSchemaException;

  void beforeField(int position, Schema.Field field) {}

  void afterField(int position, Schema.Field field) {}

  void beforeElement(Schema array) {}

  void afterElement(Schema array) {}

  void beforeMapValue(Schema map) {}

  void afterMapValue(Schema map) {}

  /** Where the walk is, for error messages: "the value", "field customer.address.city", "field tags[]". */
  final String where() {
    return describe(path);
  }

  private static String describe(Iterable<String> path) {
    StringBuilder joined = new StringBuilder();
    for (String segment : path) {
      if (joined.length() > 0 && !segment.startsWith("[") && !segment.startsWith("{")) {
        joined.append('.');
      }
      joined.append(segment);
    }
    if (joined.length() == 0) {
      return "the value";
    }
    return joined.charAt(0) == '[' || joined.charAt(0) == '{'
        ? "the value" + joined
        : "field " + joined;
  }

  /** Whether a schema is null or a union that holds null: its Iceberg column is optional. */
  static boolean isNullable(Schema schema) {
    return switch (schema.getType()) {
      case NULL -> true;
      case UNION ->
        schema.getTypes().stream().anyMatch(branch -> branch.getType() == Schema.Type.NULL);
      default -> false;
    };
  }

  private T walk(Schema schema) throws UnreadableSchemaException {
    return switch (schema.getType()) {
      case RECORD -> nested(schema, () -> walkRecord(schema));
      case ARRAY ->
        nested(schema, () -> {
          beforeElement(schema);
          path.addLast("[]");
          T element = walk(schema.getElementType());
          path.removeLast();
          afterElement(schema);
          return array(schema, element);
        });
      case MAP ->
        nested(schema, () -> {
          beforeMapValue(schema);
          path.addLast("{}");
          T value = walk(schema.getValueType());
          path.removeLast();
          afterMapValue(schema);
          return map(schema, value);
        });
      case UNION -> walkUnion(schema);
      case NULL -> nullValue(schema);
      default -> {
        AvroLeaf leaf = AvroLeaf.of(schema);
        yield leaf == AvroLeaf.WIDE_DECIMAL ? json(schema) : leaf(schema, leaf);
      }
    };
  }

  private T walkRecord(Schema record) throws UnreadableSchemaException {
    enclosingRecords.addLast(record.getFullName());
    enclosingRecordNames.add(record.getFullName());
    List<Schema.Field> fields = record.getFields();
    List<T> results = new ArrayList<>(fields.size());
    for (int position = 0; position < fields.size(); position++) {
      Schema.Field field = fields.get(position);
      beforeField(position, field);
      path.addLast(field.name());
      results.add(
          leadsToEnclosingRecord(field.schema()) ? json(field.schema()) : walk(field.schema()));
      path.removeLast();
      afterField(position, field);
    }
    enclosingRecordNames.remove(enclosingRecords.removeLast());
    return record(record, results);
  }

  private T walkUnion(Schema union) throws UnreadableSchemaException {
    List<Schema> branches = union.getTypes();
    List<Schema> nonNull =
        branches.stream().filter(branch -> branch.getType() != Schema.Type.NULL).toList();
    if (nonNull.size() == 1) {
      return option(union, walk(nonNull.get(0)));
    }
    if (nonNull.isEmpty() && !branches.isEmpty()) {
      return nullValue(union);
    }
    return json(union);
  }

  /** Whether a type reaches a record the walk is inside without passing through another record's fields. */
  private boolean leadsToEnclosingRecord(Schema schema) {
    return switch (schema.getType()) {
      case RECORD -> enclosingRecordNames.contains(schema.getFullName());
      case ARRAY -> leadsToEnclosingRecord(schema.getElementType());
      case MAP -> leadsToEnclosingRecord(schema.getValueType());
      case UNION -> schema.getTypes().stream().anyMatch(this::leadsToEnclosingRecord);
      default -> false;
    };
  }

  private interface Step<T> {
    T run() throws UnreadableSchemaException;
  }

  private T nested(Schema schema, Step<T> step) throws UnreadableSchemaException {
    if (depth >= MAX_DEPTH) {
      throw new UnreadableSchemaException(String.format(
          "Avro schema nests records, arrays and maps deeper than %d levels at %s",
          MAX_DEPTH, where()));
    }
    fieldsMet += schema.getType() == Schema.Type.RECORD ? schema.getFields().size() : 1;
    if (fieldsMet > MAX_FIELDS) {
      throw new UnreadableSchemaException(String.format(
          "Avro schema has more than %d fields, elements and map values once its named types are expanded, at %s",
          MAX_FIELDS, where()));
    }
    depth++;
    T result = step.run();
    depth--;
    return result;
  }
}
