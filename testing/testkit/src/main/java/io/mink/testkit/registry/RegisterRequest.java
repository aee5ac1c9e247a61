package io.mink.testkit.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.schema.registry.SchemaType;
import java.util.ArrayList;
import java.util.List;

/**
 * The body of {@code POST /subjects/{subject}/versions} and {@code POST /subjects/{subject}}:
 * {@code {"schema": "...", "schemaType": "PROTOBUF", "references": [{"name","subject","version"}]}},
 * where an absent schemaType means Avro. Other fields (metadata, ruleSet, id, version) are ignored.
 */
record RegisterRequest(SchemaType type, String text, List<RegistryState.Reference> references) {

  /** @throws RegistryError 400 for a body that is no JSON object, 42201 for a bad schema field */
  static RegisterRequest parse(String body) {
    ObjectNode request = JsonText.object(body);
    if (request == null) {
      throw new RegistryError(
          400,
          400,
          "Unrecognized request body: expected a JSON object, got "
              + (body.length() > 200 ? body.substring(0, 200) + "..." : body));
    }
    JsonNode schema = request.get("schema");
    if (schema == null || !schema.isTextual()) {
      throw RegistryError.invalidSchema("Empty schema");
    }
    return new RegisterRequest(
        type(request.get("schemaType")), schema.textValue(), references(request.get("references")));
  }

  private static SchemaType type(JsonNode type) {
    if (type == null || type.isNull()) {
      return SchemaType.AVRO;
    }
    return switch (type.asText()) {
      case "AVRO" -> SchemaType.AVRO;
      case "PROTOBUF" -> SchemaType.PROTOBUF;
      case "JSON" -> SchemaType.JSON;
      default -> throw RegistryError.invalidSchema("Invalid schema type " + type.asText());
    };
  }

  private static List<RegistryState.Reference> references(JsonNode references) {
    List<RegistryState.Reference> result = new ArrayList<>();
    if (references == null || references.isNull()) {
      return result;
    }
    if (!references.isArray()) {
      throw RegistryError.invalidSchema("Invalid references " + references + ": expected an array");
    }
    for (JsonNode reference : references) {
      JsonNode name = reference.get("name");
      JsonNode subject = reference.get("subject");
      JsonNode version = reference.get("version");
      if (name == null
          || !name.isTextual()
          || subject == null
          || !subject.isTextual()
          || version == null
          || !version.canConvertToInt()) {
        throw RegistryError.invalidSchema(
            "Invalid reference " + reference + ": it needs a name, subject and version");
      }
      result.add(
          new RegistryState.Reference(name.textValue(), subject.textValue(), version.asInt()));
    }
    return result;
  }
}
