package io.mink.testkit.registry;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** JSON in and out for the fake registries. */
final class JsonText {
  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonText() {}

  static boolean isJson(String text) {
    try {
      JSON.readTree(text);
      return true;
    } catch (JsonProcessingException e) {
      return false;
    }
  }

  /** The body as a JSON object, or null when it is not one. */
  static ObjectNode object(String body) {
    try {
      JsonNode node = JSON.readTree(body);
      return node instanceof ObjectNode object ? object : null;
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  static ObjectNode newObject() {
    return JSON.createObjectNode();
  }

  static String write(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write " + value + " as JSON", e);
    }
  }
}
