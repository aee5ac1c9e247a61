package io.mink.indexer.round;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A schema version as {@link EvolutionRulesIT} writes it once for every schema language: the
 * types the three languages share, which {@link EvolutionLanguage} renders as Avro, Protobuf or
 * JSON Schema text. A key may be any type; a value is a {@link Struct}.
 */
sealed interface EvolutionType {
  /** Scalars. JSON Schema has no int or float: its integer is a long and its number a double. */
  enum Primitive implements EvolutionType {
    INT,
    LONG,
    FLOAT,
    DOUBLE,
    STRING
  }

  /** A decimal, which only Avro of the three languages has. */
  record Decimal(int precision, int scale) implements EvolutionType {}

  /** An Avro record, a Protobuf message or a JSON Schema object with properties. */
  record Struct(String name, List<Field> fields) implements EvolutionType {
    public Struct {
      requireNonNull(name, "name is null");
      fields = List.copyOf(fields);
    }
  }

  record ListOf(EvolutionType element) implements EvolutionType {
    public ListOf {
      requireNonNull(element, "element is null");
    }
  }

  /** Keys are strings in Avro and JSON Schema; Protobuf allows other scalars. */
  record MapOf(Primitive key, EvolutionType value) implements EvolutionType {
    public MapOf {
      requireNonNull(key, "key is null");
      requireNonNull(value, "value is null");
    }
  }

  /**
   * A field of a struct. Required: an Avro type without null, a JSON Schema property listed in
   * "required", a proto2 {@code required} field (lists and maps are {@code repeated} in Protobuf,
   * never required).
   *
   * @param doc the field's documentation, or null
   */
  record Field(String name, EvolutionType type, boolean required, String doc) {
    public Field {
      requireNonNull(name, "name is null");
      requireNonNull(type, "type is null");
    }

    Field withDoc(String text) {
      return new Field(name, type, required, text);
    }
  }

  static Struct struct(String name, Field... fields) {
    return new Struct(name, List.of(fields));
  }

  static Field required(String name, EvolutionType type) {
    return new Field(name, type, true, null);
  }

  static Field optional(String name, EvolutionType type) {
    return new Field(name, type, false, null);
  }

  static Decimal decimal(int precision, int scale) {
    return new Decimal(precision, scale);
  }

  static ListOf listOf(EvolutionType element) {
    return new ListOf(element);
  }

  static MapOf mapOf(EvolutionType value) {
    return new MapOf(Primitive.STRING, value);
  }

  static MapOf mapOf(Primitive key, EvolutionType value) {
    return new MapOf(key, value);
  }
}
