package io.mink.schema.registry;

import static java.util.Objects.requireNonNull;

/**
 * A reference of a schema to another, resolved.
 *
 * @param name the name the referencing schema uses: an Avro full name, a .proto import path or a JSON $ref URL
 * @param subject the registry subject the referenced schema is registered under
 * @param version the subject's version
 * @param schema the referenced schema, with its own references resolved
 */
public record SchemaReference(String name, String subject, int version, RegisteredSchema schema) {
  public SchemaReference {
    requireNonNull(name, "name is null");
    requireNonNull(subject, "subject is null");
    requireNonNull(schema, "schema is null");
  }
}
