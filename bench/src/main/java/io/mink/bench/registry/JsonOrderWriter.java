package io.mink.bench.registry;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.testkit.orders.JsonSchemaOrders;
import io.mink.testkit.orders.Order;
import java.io.UncheckedIOException;

/**
 * JSON payloads as Confluent's JSON Schema serializer writes them after its prefix: the UTF-8 JSON
 * text of the order's tree ({@link JsonSchemaOrders}), written by Jackson.
 */
final class JsonOrderWriter implements PayloadWriter {
  private final ObjectMapper mapper = new ObjectMapper();

  @Override
  public byte[] write(Order order) {
    return bytes(JsonSchemaOrders.value(order));
  }

  /** The key: an object of the order's id. */
  byte[] writeKey(Order order) {
    return bytes(JsonSchemaOrders.key(order));
  }

  private byte[] bytes(JsonNode tree) {
    try {
      return mapper.writeValueAsBytes(tree);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(
          "Jackson cannot write a benchmark order: " + e.getMessage(), e);
    }
  }
}
