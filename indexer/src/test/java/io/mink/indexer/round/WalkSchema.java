package io.mink.indexer.round;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * A small model of one version of a topic's value schema in the random walk: a record whose fields
 * are primitives (int, long, float, double, string, boolean, decimal(p,2)), nested records, lists
 * and string-keyed maps. Versions are built by copying the previous one and mutating the copy
 * ({@link WalkMutations}); a registered version is never changed again.
 *
 * @param number the walk's version number, 1 for the first
 * @param root the value's record
 * @param poison why the walk made this version unmergeable on purpose, or null
 */
record WalkSchema(int number, Struct root, String poison) {
  enum Kind {
    INT,
    LONG,
    FLOAT,
    DOUBLE,
    STRING,
    BOOLEAN,
    DECIMAL
  }

  /** A type of a field, list element or map value. */
  sealed interface Type permits Prim, Struct, ListOf, MapOf {
    Type copy();
  }

  /** A primitive; {@code precision} only for decimals, whose scale is always 2. */
  record Prim(Kind kind, int precision) implements Type {
    static Prim of(Kind kind) {
      return new Prim(kind, 0);
    }

    static Prim decimal(int precision) {
      return new Prim(Kind.DECIMAL, precision);
    }

    @Override
    public Prim copy() {
      return this;
    }

    @Override
    public String toString() {
      return kind == Kind.DECIMAL
          ? "decimal(" + precision + ",2)"
          : kind.name().toLowerCase(Locale.ROOT);
    }
  }

  /** A record: its fields in order. Mutable while a version is derived. */
  static final class Struct implements Type {
    final List<Field> fields = new ArrayList<>();

    Struct(List<Field> fields) {
      this.fields.addAll(fields);
    }

    Field field(String name) {
      return fields.stream()
          .filter(field -> field.name.equals(name))
          .findFirst()
          .orElse(null);
    }

    @Override
    public Struct copy() {
      return new Struct(fields.stream().map(Field::copy).toList());
    }

    @Override
    public String toString() {
      return fields.stream().map(Field::toString).collect(Collectors.joining(", ", "{", "}"));
    }
  }

  /** A list; its element optional when the Avro items are a union with null. Mutable while derived. */
  static final class ListOf implements Type {
    Type element;
    boolean elementOptional;

    ListOf(Type element, boolean elementOptional) {
      this.element = element;
      this.elementOptional = elementOptional;
    }

    @Override
    public ListOf copy() {
      return new ListOf(element.copy(), elementOptional);
    }

    @Override
    public String toString() {
      return "[" + element + (elementOptional ? "?" : "") + "]";
    }
  }

  /** A map with string keys (Avro's only key type). Mutable while derived. */
  static final class MapOf implements Type {
    Type value;
    boolean valueOptional;

    MapOf(Type value, boolean valueOptional) {
      this.value = value;
      this.valueOptional = valueOptional;
    }

    @Override
    public MapOf copy() {
      return new MapOf(value.copy(), valueOptional);
    }

    @Override
    public String toString() {
      return "map<" + value + (valueOptional ? "?" : "") + ">";
    }
  }

  /** A field; optional when its Avro type is a union with null. Mutable while derived. */
  static final class Field {
    String name;
    Type type;
    boolean optional;

    Field(String name, Type type, boolean optional) {
      this.name = name;
      this.type = type;
      this.optional = optional;
    }

    Field copy() {
      return new Field(name, type.copy(), optional);
    }

    @Override
    public String toString() {
      return name + (optional ? "?" : "") + ": " + type;
    }
  }

  /** Where a struct sits: the names of the fields leading to it (a list's or map's struct takes its field's name). */
  record Located(List<String> path, Struct struct) {}

  /** Every struct of the version, the root first, with its path. */
  List<Located> structs() {
    List<Located> all = new ArrayList<>();
    collect(List.of(), root, all::add);
    return all;
  }

  private static void collect(List<String> path, Type type, Consumer<Located> sink) {
    if (type instanceof Struct struct) {
      sink.accept(new Located(path, struct));
      for (Field field : struct.fields) {
        List<String> fieldPath = new ArrayList<>(path);
        fieldPath.add(field.name);
        collect(fieldPath, field.type, sink);
      }
    } else if (type instanceof ListOf list) {
      collect(path, list.element, sink);
    } else if (type instanceof MapOf map) {
      collect(path, map.value, sink);
    }
  }

  WalkSchema copy(int newNumber, String newPoison) {
    return new WalkSchema(newNumber, root.copy(), newPoison);
  }

  @Override
  public String toString() {
    return "v" + number + " " + root
        + (poison == null ? "" : "  [unmergeable on purpose: " + poison + "]");
  }
}
