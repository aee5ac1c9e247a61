package io.mink.schema.registry;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the bodies of a Confluent-compatible registry's answers. Pure: text in, values out.
 *
 * <p>A schema body ({@code GET /schemas/ids/{id}}, {@code /schemas/guids/{guid}},
 * {@code /subjects/{subject}/versions/{version}}) is
 * {@code {"schema": "...", "schemaType": "PROTOBUF", "references": [{"name","subject","version"}]}};
 * {@code schemaType} is absent for Avro on registries before Confluent 8, {@code "AVRO"} after, and
 * other fields ({@code id}, {@code subject}, {@code guid}, {@code metadata}, ...) are ignored. An
 * error body is {@code {"error_code": 40403, "message": "Schema 7 not found"}}.
 */
final class ConfluentResponses {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MAX_SHOWN = 300;

  /** A schema as the registry gives it: references still named, not resolved. */
  record SchemaBody(String schemaType, String text, List<Reference> references, Integer version) {}

  /** A reference as the registry gives it. A version of -1 means the subject's latest. */
  record Reference(String name, String subject, int version) {}

  /** Confluent's error answer. */
  record ErrorBody(int errorCode, String message) {
    @Override
    public String toString() {
      return errorCode + " " + message;
    }
  }

  /** The body is not what a registry answers. */
  static final class MalformedResponseException extends Exception {
    private static final long serialVersionUID = 1L;

    MalformedResponseException(String message) {
      super(message);
    }

    MalformedResponseException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private ConfluentResponses() {}

  static SchemaBody schema(String body) throws MalformedResponseException {
    JsonNode root = parse(body);
    if (!root.isObject()) {
      throw new MalformedResponseException(
          "expected a JSON object with a \"schema\" field, got " + shown(body));
    }
    JsonNode text = root.get("schema");
    if (text == null || !text.isTextual()) {
      throw new MalformedResponseException(
          "expected a \"schema\" string field, got " + shown(body));
    }
    JsonNode type = root.get("schemaType");
    if (type != null && !type.isNull() && !type.isTextual()) {
      throw new MalformedResponseException(
          "expected \"schemaType\" to be a string, got " + shown(type.toString()));
    }
    JsonNode version = root.get("version");
    Integer versionNumber =
        version != null && version.canConvertToInt() && version.isIntegralNumber()
            ? version.intValue()
            : null;
    return new SchemaBody(
        type == null || type.isNull() ? null : type.textValue(),
        text.textValue(),
        references(root.get("references"), body),
        versionNumber);
  }

  /** The error in a body, or empty when the body is not Confluent's error shape. */
  static Optional<ErrorBody> error(String body) {
    try {
      JsonNode root = JSON.readTree(body);
      if (root == null || !root.isObject()) {
        return Optional.empty();
      }
      JsonNode code = root.get("error_code");
      if (code == null || !code.isIntegralNumber()) {
        return Optional.empty();
      }
      JsonNode message = root.get("message");
      return Optional.of(new ErrorBody(
          code.intValue(), message == null || message.isNull() ? "" : message.asText()));
    } catch (JsonProcessingException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** A body cut to a length that fits in a message. */
  static String shown(String body) {
    if (body == null || body.isEmpty()) {
      return "an empty body";
    }
    String oneLine = body.replaceAll("\\s+", " ").strip();
    return oneLine.length() <= MAX_SHOWN
        ? "'" + oneLine + "'"
        : "'" + oneLine.substring(0, MAX_SHOWN) + "...'";
  }

  private static List<Reference> references(JsonNode references, String body)
      throws MalformedResponseException {
    if (references == null || references.isNull()) {
      return List.of();
    }
    if (!references.isArray()) {
      throw new MalformedResponseException(
          "expected \"references\" to be an array, got " + shown(body));
    }
    List<Reference> result = new ArrayList<>(references.size());
    for (JsonNode reference : references) {
      JsonNode name = reference.get("name");
      JsonNode subject = reference.get("subject");
      JsonNode version = reference.get("version");
      if (name == null
          || !name.isTextual()
          || subject == null
          || !subject.isTextual()
          || version == null
          || !version.isIntegralNumber()
          || !version.canConvertToInt()) {
        throw new MalformedResponseException(
            "expected each reference to have a \"name\" and \"subject\" string and a"
                + " \"version\" number, got " + shown(reference.toString()));
      }
      result.add(new Reference(name.textValue(), subject.textValue(), version.intValue()));
    }
    return List.copyOf(result);
  }

  private static JsonNode parse(String body) throws MalformedResponseException {
    try {
      JsonNode root = JSON.readTree(body == null ? "" : body);
      if (root == null || root.isMissingNode()) {
        throw new MalformedResponseException("expected JSON, got an empty body");
      }
      return root;
    } catch (JsonProcessingException e) {
      throw new MalformedResponseException("expected JSON, got " + shown(body), e);
    }
  }
}
