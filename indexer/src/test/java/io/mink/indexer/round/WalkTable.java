package io.mink.indexer.round;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The walk's own model of the table's typed columns, kept from the rules of docs/schema.md
 * alone (it shares no code with Mink's merge): which versions
 * merge and what each merge does to the columns ({@link WalkMerge}), and which column takes each
 * value of a record. Columns are objects with an identity, so a value placed in a column stays
 * there when the column is later renamed {@code {name}_s{N}} or promoted, as the table's field ids
 * do; the expected row is rendered from the placed values under the columns' current names.
 */
final class WalkTable {
  enum Shape {
    PRIM,
    STRUCT,
    LIST,
    MAP
  }

  /** A column, list element or map value of the table. Field ids are learnt from the table when first seen. */
  static final class Column {
    String name;
    final Shape shape;
    WalkSchema.Prim prim;
    final List<Column> fields = new ArrayList<>();
    Column element;
    boolean optional;
    String renamedFrom;
    int renamedAt = -1;
    int fieldId = -1;
    int keyId = -1;

    Column(String name, Shape shape, boolean optional) {
      this.name = name;
      this.shape = shape;
      this.optional = optional;
    }

    /** A new column for a source field's type: nested parts keep the source's optionality. */
    static Column of(String name, WalkSchema.Type type, boolean optional) {
      if (type instanceof WalkSchema.Prim prim) {
        Column column = new Column(name, Shape.PRIM, optional);
        column.prim = prim;
        return column;
      }
      if (type instanceof WalkSchema.Struct struct) {
        Column column = new Column(name, Shape.STRUCT, optional);
        struct.fields.forEach(
            field -> column.fields.add(of(field.name, field.type, field.optional)));
        return column;
      }
      if (type instanceof WalkSchema.ListOf list) {
        Column column = new Column(name, Shape.LIST, optional);
        column.element = of(null, list.element, list.elementOptional);
        return column;
      }
      WalkSchema.MapOf map = (WalkSchema.MapOf) type;
      Column column = new Column(name, Shape.MAP, optional);
      column.element = of(null, map.value, map.valueOptional);
      return column;
    }

    Column copy() {
      Column copy = new Column(name, shape, optional);
      copy.prim = prim;
      fields.forEach(field -> copy.fields.add(field.copy()));
      copy.element = element == null ? null : element.copy();
      copy.renamedFrom = renamedFrom;
      copy.renamedAt = renamedAt;
      return copy;
    }

    boolean isRenamed() {
      return renamedFrom != null;
    }

    /** The doc Mink must give the column: its marker when renamed, else none (the walk's schemas have no docs). */
    String expectedDoc() {
      return isRenamed() ? "'" + renamedFrom + "' up to schema " + renamedAt : null;
    }

    @Override
    public String toString() {
      String type = switch (shape) {
        case PRIM -> prim.toString();
        case STRUCT ->
          fields.stream()
              .map(Column::toString)
              .reduce((a, b) -> a + ", " + b)
              .map(s -> "{" + s + "}")
              .orElse("{}");
        case LIST -> "[" + element + "]";
        case MAP -> "map<" + element + ">";
      };
      return (name == null ? "" : name + (optional ? "?" : "") + ": ")
          + type
          + (name == null && optional ? "?" : "");
    }
  }

  private final Column root = new Column(null, Shape.STRUCT, false);
  private int schemaId;

  Column root() {
    return root;
  }

  /** The id the model expects the table's current schema to have. */
  int schemaId() {
    return schemaId;
  }

  /** Where the next merge starts: the table's current schema id before a round. */
  void startRoundAt(int currentSchemaId) {
    schemaId = currentSchemaId;
  }

  /** Merges a version if the rules allow it: null when merged (changed or not), else why it cannot be. */
  String merge(WalkSchema version) {
    String refusal = WalkMerge.refusal(root.copy(), version.root(), schemaId);
    if (refusal != null) {
      return refusal;
    }
    schemaId += WalkMerge.merge(root, version.root(), schemaId);
    return null;
  }

  /** The names of the renamed columns of the struct at the version path, for versions named like them. */
  List<String> renamedNames(List<String> path) {
    Column struct = root;
    for (String name : path) {
      Column next =
          struct.fields.stream().filter(c -> name.equals(c.name)).findFirst().orElse(null);
      while (next != null && (next.shape == Shape.LIST || next.shape == Shape.MAP)) {
        next = next.element;
      }
      if (next == null || next.shape != Shape.STRUCT) {
        return List.of();
      }
      struct = next;
    }
    return struct.fields.stream().filter(Column::isRenamed).map(c -> c.name).toList();
  }

  /** Every renamed column of the table, at any depth. */
  List<Column> renamedColumns() {
    List<Column> renamed = new ArrayList<>();
    collectRenamed(root, renamed);
    return renamed;
  }

  private static void collectRenamed(Column column, List<Column> renamed) {
    if (column.isRenamed()) {
      renamed.add(column);
    }
    column.fields.forEach(field -> collectRenamed(field, renamed));
    if (column.element != null) {
      collectRenamed(column.element, renamed);
    }
  }

  /** Where a merged record's values go: a record as a map by column, lists and maps element by element. */
  Map<Column, Object> place(WalkSchema version, Map<String, Object> value) {
    return placeStruct(root, version.root(), value);
  }

  @SuppressWarnings("unchecked")
  private static Map<Column, Object> placeStruct(
      Column table, WalkSchema.Struct type, Map<String, Object> value) {
    IdentityHashMap<Column, Object> placed = new IdentityHashMap<>();
    for (WalkSchema.Field field : type.fields) {
      Object fieldValue = value.get(field.name);
      if (fieldValue == null) {
        continue;
      }
      Column column = WalkMerge.columnFor(table, field);
      if (column == null) {
        throw new IllegalStateException(
            "The model has no column for field " + field + " in " + table);
      }
      placed.put(column, placeValue(column, field.type, fieldValue));
    }
    return placed;
  }

  @SuppressWarnings("unchecked")
  private static Object placeValue(Column column, WalkSchema.Type type, Object value) {
    return switch (column.shape) {
      case STRUCT -> placeStruct(column, (WalkSchema.Struct) type, (Map<String, Object>) value);
      case LIST -> {
        List<Object> elements = new ArrayList<>();
        WalkSchema.Type elementType = ((WalkSchema.ListOf) type).element;
        ((List<Object>) value)
            .forEach(
                e -> elements.add(e == null ? null : placeValue(column.element, elementType, e)));
        yield elements;
      }
      case MAP -> {
        Map<String, Object> entries = new LinkedHashMap<>();
        WalkSchema.Type valueType = ((WalkSchema.MapOf) type).value;
        ((Map<String, Object>) value)
            .forEach((k, v) ->
                entries.put(k, v == null ? null : placeValue(column.element, valueType, v)));
        yield entries;
      }
      default -> value;
    };
  }

  /** The typed columns of a row as the table's current schema names them, JSON-normalized; null placement: all null. */
  Map<String, Object> expectedColumns(Map<Column, Object> placed) {
    return renderStruct(root, placed == null ? Map.of() : placed);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> renderStruct(Column struct, Map<Column, Object> placed) {
    Map<String, Object> row = new LinkedHashMap<>();
    for (Column column : struct.fields) {
      row.put(column.name, render(column, placed.get(column)));
    }
    return row;
  }

  @SuppressWarnings("unchecked")
  private static Object render(Column column, Object placed) {
    if (placed == null) {
      return null;
    }
    return switch (column.shape) {
      case STRUCT -> renderStruct(column, (Map<Column, Object>) placed);
      case LIST -> {
        List<Object> elements = new ArrayList<>();
        ((List<Object>) placed).forEach(e -> elements.add(render(column.element, e)));
        yield elements;
      }
      case MAP -> {
        Map<String, Object> entries = new LinkedHashMap<>();
        ((Map<String, Object>) placed).forEach((k, v) -> entries.put(k, render(column.element, v)));
        yield entries;
      }
      default -> WalkJson.normalize(placed);
    };
  }

  @Override
  public String toString() {
    return root.toString();
  }
}
