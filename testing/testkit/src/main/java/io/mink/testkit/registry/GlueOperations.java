package io.mink.testkit.registry;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.testkit.registry.GlueRegistryState.Schema;
import io.mink.testkit.registry.GlueRegistryState.Version;
import java.util.HashMap;
import java.util.Map;

/**
 * The Glue operations of the stand-in: a request's JSON in, the response's JSON out, in the shapes
 * of AWS Glue's API reference (PascalCase fields, times as ISO-8601 strings). Failures are
 * {@link GlueError}s with Glue's exception names.
 */
final class GlueOperations {
  private final GlueRegistryState state;
  private final String region;
  private final String account;

  GlueOperations(GlueRegistryState state, String region, String account) {
    this.state = requireNonNull(state, "state is null");
    this.region = requireNonNull(region, "region is null");
    this.account = requireNonNull(account, "account is null");
  }

  ObjectNode answer(String operation, ObjectNode request) {
    return switch (operation) {
      case "GetSchemaVersion" -> getSchemaVersion(request);
      case "GetSchemaByDefinition" -> {
        SchemaName name = schemaName(request.get("SchemaId"));
        Version version =
            state.byDefinition(name.registry(), name.schema(), text(request, "SchemaDefinition"));
        ObjectNode node = JsonText.newObject();
        node.put("SchemaVersionId", version.id().toString());
        node.put("SchemaArn", schemaArn(version.schema()));
        node.put("DataFormat", version.schema().dataFormat);
        node.put("Status", "AVAILABLE");
        node.put("CreatedTime", version.created().toString());
        yield node;
      }
      case "CreateSchema" -> createSchema(request);
      case "RegisterSchemaVersion" -> {
        SchemaName name = schemaName(request.get("SchemaId"));
        Version version = state.registerVersion(
            name.registry(), name.schema(), text(request, "SchemaDefinition"));
        ObjectNode node = JsonText.newObject();
        node.put("SchemaVersionId", version.id().toString());
        node.put("VersionNumber", version.number());
        node.put("Status", "AVAILABLE");
        yield node;
      }
      case "GetSchema" -> {
        SchemaName name = schemaName(request.get("SchemaId"));
        yield schemaInfo(state.schema(name.registry(), name.schema()));
      }
      case "PutSchemaVersionMetadata" -> putMetadata(request);
      case "QuerySchemaVersionMetadata" -> {
        Version version = version(request);
        ObjectNode node = JsonText.newObject();
        ObjectNode map = node.putObject("MetadataInfoMap");
        state
            .metadata(version)
            .forEach((key, value) -> map.putObject(key)
                .put("MetadataValue", value.value())
                .put("CreatedTime", value.created().toString())
                .putArray("OtherMetadataValueList"));
        node.put("SchemaVersionId", version.id().toString());
        yield node;
      }
      default -> throw new GlueError(400, "UnknownOperationException", null);
    };
  }

  private ObjectNode getSchemaVersion(ObjectNode request) {
    Version version = version(request);
    ObjectNode node = JsonText.newObject();
    node.put("SchemaVersionId", version.id().toString());
    node.put("SchemaDefinition", version.definition());
    node.put("DataFormat", version.schema().dataFormat);
    node.put("SchemaArn", schemaArn(version.schema()));
    node.put("VersionNumber", version.number());
    node.put("Status", "AVAILABLE");
    node.put("CreatedTime", version.created().toString());
    return node;
  }

  private ObjectNode createSchema(ObjectNode request) {
    JsonNode registryId = request.get("RegistryId");
    String registry = registryId == null ? null : registryName(registryId);
    Map<String, String> tags = new HashMap<>();
    JsonNode tagNode = request.get("Tags");
    if (tagNode != null && tagNode.isObject()) {
      tagNode.properties().forEach(tag -> tags.put(tag.getKey(), tag.getValue().asText()));
    }
    Schema schema = state.createSchema(
        registry,
        optionalText(request, "SchemaName"),
        optionalText(request, "DataFormat"),
        optionalText(request, "Compatibility"),
        optionalText(request, "Description"),
        tags,
        optionalText(request, "SchemaDefinition"));
    ObjectNode node = schemaInfo(schema);
    node.remove("CreatedTime");
    node.remove("UpdatedTime");
    ObjectNode tagOut = node.putObject("Tags");
    schema.tags.forEach(tagOut::put);
    if (!schema.versions.isEmpty()) {
      node.put("SchemaVersionId", schema.versions.get(0).id().toString());
      node.put("SchemaVersionStatus", "AVAILABLE");
    }
    return node;
  }

  private ObjectNode putMetadata(ObjectNode request) {
    Version version = version(request);
    JsonNode pair = request.get("MetadataKeyValue");
    if (pair == null || !pair.isObject()) {
      throw GlueError.invalidInput("MetadataKeyValue is required");
    }
    String key = optionalText((ObjectNode) pair, "MetadataKey");
    String value = optionalText((ObjectNode) pair, "MetadataValue");
    state.putMetadata(version, key, value);
    Schema schema = version.schema();
    ObjectNode node = JsonText.newObject();
    node.put("SchemaArn", schemaArn(schema));
    node.put("SchemaName", schema.schemaName);
    node.put("RegistryName", schema.registryName);
    node.put("LatestVersion", version.number() == state.latestVersionNumber(schema));
    node.put("VersionNumber", version.number());
    node.put("SchemaVersionId", version.id().toString());
    node.put("MetadataKey", key);
    node.put("MetadataValue", value);
    return node;
  }

  private ObjectNode schemaInfo(Schema schema) {
    long latest = state.latestVersionNumber(schema);
    ObjectNode node = JsonText.newObject();
    node.put("RegistryName", schema.registryName);
    node.put(
        "RegistryArn",
        "arn:aws:glue:" + region + ":" + account + ":registry/" + schema.registryName);
    node.put("SchemaName", schema.schemaName);
    node.put("SchemaArn", schemaArn(schema));
    if (schema.description != null) {
      node.put("Description", schema.description);
    }
    node.put("DataFormat", schema.dataFormat);
    node.put("Compatibility", schema.compatibility);
    node.put("SchemaCheckpoint", 1);
    node.put("LatestSchemaVersion", latest);
    node.put("NextSchemaVersion", latest + 1);
    node.put("SchemaStatus", "AVAILABLE");
    node.put("CreatedTime", schema.created.toString());
    node.put("UpdatedTime", schema.created.toString());
    return node;
  }

  /** The version a request names: by SchemaVersionId, or by SchemaId and SchemaVersionNumber. */
  private Version version(ObjectNode request) {
    String versionId = optionalText(request, "SchemaVersionId");
    JsonNode schemaId = request.get("SchemaId");
    if (versionId != null && schemaId != null) {
      throw GlueError.invalidInput("Only one of SchemaVersionId or SchemaId can be provided.");
    }
    if (versionId != null) {
      return state.version(versionId);
    }
    if (schemaId == null) {
      throw GlueError.invalidInput("One of SchemaVersionId or SchemaId must be provided.");
    }
    SchemaName name = schemaName(schemaId);
    JsonNode number = request.get("SchemaVersionNumber");
    if (number == null || !number.isObject()) {
      throw GlueError.invalidInput("SchemaVersionNumber must be provided with SchemaId.");
    }
    boolean latest = number.path("LatestVersion").asBoolean(false);
    JsonNode versionNumber = number.get("VersionNumber");
    if (latest == (versionNumber != null)) {
      throw GlueError.invalidInput(
          "Exactly one of LatestVersion or VersionNumber must be provided.");
    }
    return state.version(name.registry(), name.schema(), latest ? null : versionNumber.asLong());
  }

  private record SchemaName(String registry, String schema) {}

  private SchemaName schemaName(JsonNode schemaId) {
    if (schemaId == null || !schemaId.isObject()) {
      throw GlueError.invalidInput("SchemaId is required");
    }
    String arn = optionalText((ObjectNode) schemaId, "SchemaArn");
    if (arn != null) {
      String[] parts = arn.split(":", 6);
      String[] path = parts.length == 6 ? parts[5].split("/") : new String[0];
      if (path.length != 3 || !path[0].equals("schema")) {
        throw GlueError.invalidInput("SchemaArn '" + arn + "' is not a schema ARN");
      }
      return new SchemaName(path[1], path[2]);
    }
    String name = optionalText((ObjectNode) schemaId, "SchemaName");
    if (name == null) {
      throw GlueError.invalidInput("SchemaId needs a SchemaArn or a SchemaName");
    }
    return new SchemaName(optionalText((ObjectNode) schemaId, "RegistryName"), name);
  }

  private static String registryName(JsonNode registryId) {
    String arn = registryId.path("RegistryArn").asText(null);
    if (arn != null) {
      int slash = arn.lastIndexOf('/');
      return slash < 0 ? arn : arn.substring(slash + 1);
    }
    return registryId.path("RegistryName").asText(null);
  }

  private String schemaArn(Schema schema) {
    return "arn:aws:glue:" + region + ":" + account + ":schema/" + schema.registryName + "/"
        + schema.schemaName;
  }

  private static String text(ObjectNode request, String field) {
    String value = optionalText(request, field);
    if (value == null) {
      throw GlueError.invalidInput(field + " is required");
    }
    return value;
  }

  private static String optionalText(ObjectNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value.asText();
  }
}
