package io.mink.bench.registry;

import com.fasterxml.jackson.core.JsonProcessingException;
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
    try {
      return mapper.writeValueAsBytes(JsonSchemaOrders.value(order));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(
          "Jackson cannot write a benchmark order: " + e.getMessage(), e);
    }
  }
}
