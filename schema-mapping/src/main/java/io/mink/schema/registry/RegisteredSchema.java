package io.mink.schema.registry;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A schema as a registry holds it: its language, its text and the schemas it references, each
 * resolved (recursively) to its own text.
 */
public record RegisteredSchema(SchemaType type, String text, List<SchemaReference> references) {
  public RegisteredSchema {
    requireNonNull(type, "type is null");
    requireNonNull(text, "text is null");
    references = List.copyOf(requireNonNull(references, "references is null"));
  }

  public static RegisteredSchema of(SchemaType type, String text) {
    return new RegisteredSchema(type, text, List.of());
  }
}
