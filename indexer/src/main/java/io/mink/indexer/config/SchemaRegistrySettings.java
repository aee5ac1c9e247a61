package io.mink.indexer.config;

import static java.util.Objects.requireNonNull;

import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.registry.GlueRegistrySettings;
import java.util.Optional;

/**
 * The [schema_registry] section: a Confluent-compatible registry (for the Confluent prefix and the
 * header GUIDs), AWS Glue (for the Glue prefix), both, or neither.
 */
public record SchemaRegistrySettings(
    Optional<ConfluentRegistrySettings> confluent, Optional<GlueRegistrySettings> glue) {
  public static final SchemaRegistrySettings NONE =
      new SchemaRegistrySettings(Optional.empty(), Optional.empty());

  public SchemaRegistrySettings {
    requireNonNull(confluent, "confluent is null");
    requireNonNull(glue, "glue is null");
  }

  public boolean configured() {
    return confluent.isPresent() || glue.isPresent();
  }
}
