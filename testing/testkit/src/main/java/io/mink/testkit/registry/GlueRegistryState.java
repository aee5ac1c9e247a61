package io.mink.testkit.registry;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * What an AWS Glue Schema Registry holds, without HTTP: registries, schemas in them, and each
 * schema's versions by UUID and number, with their metadata. New versions are AVAILABLE at once
 * (no compatibility check runs). The default registry exists from the start, as it does for the
 * Glue serde on a fresh account; other registries are made by the first schema created in them.
 * Thread-safe.
 */
final class GlueRegistryState {
  static final String DEFAULT_REGISTRY = "default-registry";
  static final Set<String> DATA_FORMATS = Set.of("AVRO", "JSON", "PROTOBUF");
  private static final Pattern NAME = Pattern.compile("[a-zA-Z0-9-_$#.]{1,255}");

  /** A schema: a name in a registry, a data format, and its versions. */
  static final class Schema {
    final String registryName;
    final String schemaName;
    final String dataFormat;
    final String compatibility;
    final String description;
    final Map<String, String> tags;
    final Instant created = Instant.now();
    final List<Version> versions = new ArrayList<>();

    Schema(
        String registryName,
        String schemaName,
        String dataFormat,
        String compatibility,
        String description,
        Map<String, String> tags) {
      this.registryName = registryName;
      this.schemaName = schemaName;
      this.dataFormat = dataFormat;
      this.compatibility = compatibility;
      this.description = description;
      this.tags = Map.copyOf(tags);
    }
  }

  /** One version of a schema. */
  record Version(
      UUID id,
      Schema schema,
      long number,
      String definition,
      Instant created,
      Map<String, MetadataValue> metadata) {}

  /** A metadata value on a version. */
  record MetadataValue(String value, Instant created) {}

  private final Map<String, Map<String, Schema>> registries = new HashMap<>();
  private final Map<UUID, Version> versions = new HashMap<>();

  GlueRegistryState() {
    registries.put(DEFAULT_REGISTRY, new LinkedHashMap<>());
  }

  /** CreateSchema: a new schema, with a first version when a definition is given. */
  synchronized Schema createSchema(
      String registryName,
      String schemaName,
      String dataFormat,
      String compatibility,
      String description,
      Map<String, String> tags,
      String definition) {
    String registry = registryName == null ? DEFAULT_REGISTRY : registryName;
    checkName("RegistryName", registry);
    checkName("SchemaName", schemaName);
    if (dataFormat == null || !DATA_FORMATS.contains(dataFormat)) {
      throw GlueError.invalidInput(
          "DataFormat must be one of AVRO, JSON, PROTOBUF; got " + dataFormat);
    }
    Map<String, Schema> schemas = registries.computeIfAbsent(registry, r -> new LinkedHashMap<>());
    if (schemas.containsKey(schemaName)) {
      throw GlueError.alreadyExists("Schema already exists.");
    }
    Schema schema = new Schema(
        registry,
        schemaName,
        dataFormat,
        compatibility == null ? "BACKWARD" : compatibility,
        description,
        tags == null ? Map.of() : tags);
    schemas.put(schemaName, schema);
    if (definition != null) {
      addVersion(schema, definition);
    }
    return schema;
  }

  /** RegisterSchemaVersion: the version holding this definition, added if it is new. */
  synchronized Version registerVersion(String registryName, String schemaName, String definition) {
    if (definition == null || definition.isEmpty()) {
      throw GlueError.invalidInput("SchemaDefinition is required");
    }
    Schema schema = schema(registryName, schemaName);
    for (Version version : schema.versions) {
      if (version.definition().equals(definition)) {
        return version;
      }
    }
    return addVersion(schema, definition);
  }

  /** GetSchemaByDefinition. */
  synchronized Version byDefinition(String registryName, String schemaName, String definition) {
    Schema schema = schema(registryName, schemaName);
    for (Version version : schema.versions) {
      if (version.definition().equals(definition)) {
        return version;
      }
    }
    throw GlueError.entityNotFound("Schema version is not found.");
  }

  synchronized Version version(String versionId) {
    UUID id;
    try {
      id = UUID.fromString(requireNonNull(versionId, "versionId is null"));
    } catch (IllegalArgumentException e) {
      throw GlueError.invalidInput("SchemaVersionId '" + versionId + "' is not a valid UUID.");
    }
    Version version = versions.get(id);
    if (version == null) {
      throw GlueError.entityNotFound("Schema version is not found.");
    }
    return version;
  }

  /** A version by number, or the latest when number is null. */
  synchronized Version version(String registryName, String schemaName, Long number) {
    Schema schema = schema(registryName, schemaName);
    if (schema.versions.isEmpty()) {
      throw GlueError.entityNotFound("Schema version is not found.");
    }
    if (number == null) {
      return schema.versions.get(schema.versions.size() - 1);
    }
    if (number < 1 || number > schema.versions.size()) {
      throw GlueError.entityNotFound("Schema version is not found.");
    }
    return schema.versions.get((int) (number - 1));
  }

  synchronized Schema schema(String registryName, String schemaName) {
    String registry = registryName == null ? DEFAULT_REGISTRY : registryName;
    Map<String, Schema> schemas = registries.get(registry);
    if (schemas == null) {
      throw GlueError.entityNotFound("Registry is not found.");
    }
    Schema schema = schemas.get(schemaName);
    if (schema == null) {
      throw GlueError.entityNotFound("Schema is not found.");
    }
    return schema;
  }

  synchronized void putMetadata(Version version, String key, String value) {
    if (key == null || value == null) {
      throw GlueError.invalidInput("MetadataKeyValue needs a MetadataKey and a MetadataValue");
    }
    version.metadata().put(key, new MetadataValue(value, Instant.now()));
  }

  synchronized Map<String, MetadataValue> metadata(Version version) {
    return Map.copyOf(version.metadata());
  }

  synchronized long latestVersionNumber(Schema schema) {
    return schema.versions.size();
  }

  private Version addVersion(Schema schema, String definition) {
    Version version = new Version(
        UUID.randomUUID(),
        schema,
        schema.versions.size() + 1L,
        definition,
        Instant.now(),
        new HashMap<>());
    schema.versions.add(version);
    versions.put(version.id(), version);
    return version;
  }

  private static void checkName(String field, String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw GlueError.invalidInput(
          field + " '" + name + "' must be 1 to 255 of the characters a-z A-Z 0-9 - _ $ # .");
    }
  }
}
