package io.mink.schema.registry;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * Sends each ref to the registry that issued it: Confluent ids and GUIDs to the Confluent-compatible
 * registry, Glue schema version UUIDs to AWS Glue. A ref whose registry is not configured is a
 * {@link SchemaNotFoundException} that names the missing setting. Closing it closes the registries
 * that hold resources (the Glue client).
 */
public final class RoutingSchemaRegistry implements SchemaRegistry, AutoCloseable {
  private final Optional<SchemaRegistry> confluent;
  private final Optional<SchemaRegistry> glue;

  public RoutingSchemaRegistry(Optional<SchemaRegistry> confluent, Optional<SchemaRegistry> glue) {
    this.confluent = requireNonNull(confluent, "confluent is null");
    this.glue = requireNonNull(glue, "glue is null");
  }

  @Override
  public RegisteredSchema fetch(SchemaRef ref)
      throws SchemaNotFoundException, RegistryUnavailableException {
    requireNonNull(ref, "ref is null");
    if (ref instanceof SchemaRef.InRecord) {
      throw new SchemaNotFoundException(
          "Schema " + ref + " is carried by the record itself, so no schema registry serves it");
    }
    if (ref instanceof SchemaRef.GlueVersionId) {
      if (glue.isEmpty()) {
        throw new SchemaNotFoundException(
            "Schema " + ref + " names an AWS Glue schema version, but Mink has no AWS"
                + " Glue schema registry configured: set the Glue registry's region in Mink's schema registry settings"
                + " to decode records written by the Glue serializer");
      }
      return glue.get().fetch(ref);
    }
    if (confluent.isEmpty()) {
      String kind = ref instanceof SchemaRef.ConfluentId ? "id" : "GUID";
      throw new SchemaNotFoundException(
          "Schema " + ref + " names a Confluent schema " + kind + ", but Mink has no"
              + " Confluent-compatible schema registry configured: set the registry's URL in Mink's schema registry"
              + " settings to decode records written by Confluent-compatible serializers");
    }
    return confluent.get().fetch(ref);
  }

  @Override
  public void close() {
    confluent.ifPresent(RoutingSchemaRegistry::closeQuietly);
    glue.ifPresent(RoutingSchemaRegistry::closeQuietly);
  }

  static void closeQuietly(SchemaRegistry registry) {
    if (registry instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        // closing releases connections; a failure to do so leaves nothing to act on
      }
    }
  }
}
