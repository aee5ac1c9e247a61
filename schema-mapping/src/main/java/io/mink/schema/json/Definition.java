package io.mink.schema.json;

import java.util.ArrayList;
import java.util.List;

/**
 * A schema some $ref points at. It is read once however many references reach it; a definition
 * that reaches itself through $ref is recursive and maps to JSON text wherever it is referenced.
 */
final class Definition {
  private final String location;
  private final List<Definition> referenced = new ArrayList<>();
  private JsonSchemaNode schema;
  private boolean recursive;

  Definition(String location) {
    this.location = location;
  }

  /** Where the definition is, for messages: the document and the JSON pointer in it. */
  String location() {
    return location;
  }

  JsonSchemaNode schema() {
    return schema;
  }

  void define(JsonSchemaNode schema) {
    this.schema = schema;
  }

  /** The definitions this one's schema refers to through $ref, outside of parts kept as JSON text. */
  List<Definition> referenced() {
    return referenced;
  }

  void refersTo(Definition target) {
    referenced.add(target);
  }

  boolean isRecursive() {
    return recursive;
  }

  void markRecursive() {
    recursive = true;
  }

  @Override
  public String toString() {
    return location;
  }
}
