package io.mink.schema.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import io.mink.schema.decode.UndecodableException;
import org.apache.iceberg.types.Type;

/**
 * Reads one Kafka Connect JSON value, as JsonConverter writes it, into an Iceberg generic value. Built once
 * per Connect schema by {@link ConnectSchemaCompiler}; a container reads null for its children, so
 * {@link #read} never sees a JSON null.
 */
interface ConnectValue {
  Type type();

  Object read(JsonNode node) throws UndecodableException;

  /** The subject of error messages: "Field 'after.email'", "The payload". */
  String where();

  default UndecodableException wrong(JsonNode node, String expected) {
    return new UndecodableException(where() + " must be " + expected + ", not " + describe(node));
  }

  static String describe(JsonNode node) {
    return switch (node.getNodeType()) {
      case OBJECT -> "an object";
      case ARRAY -> "an array";
      case STRING -> "the string \"" + abbreviated(node.textValue()) + "\"";
      case NUMBER -> "the number " + abbreviated(node.asText());
      case BOOLEAN -> "a boolean";
      case NULL -> "null";
      default -> node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    };
  }

  private static String abbreviated(String text) {
    return text.length() <= 40 ? text : text.substring(0, 40) + "...";
  }
}
