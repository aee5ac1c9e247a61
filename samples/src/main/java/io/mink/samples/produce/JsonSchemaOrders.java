package io.mink.samples.produce;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Orders as JSON trees valid under {@code schemas/order.schema.json}, keyed by {@code schemas/order-key.schema.json}.
 * This form is also what the Java side hands Confluent's npm serializers, one order per line.
 */
public final class JsonSchemaOrders implements OrderObjects {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public ObjectNode value(SampleOrder order) {
    ObjectNode node = JSON.createObjectNode();
    node.put("order_id", order.orderId());
    node.put("customer", order.customer());
    node.put("placed_at", order.placedAt().toString());
    node.put("status", order.status().name());
    node.put("total", order.total());
    ArrayNode lines = node.putArray("lines");
    order
        .lines()
        .forEach(line -> lines.addObject().put("sku", line.sku()).put("quantity", line.quantity()));
    node.putObject("shipping")
        .put("city", order.shipping().city())
        .put("country", order.shipping().country());
    if (order.note() == null) {
      node.putNull("note");
    } else {
      node.put("note", order.note());
    }
    return node;
  }

  @Override
  public ObjectNode key(SampleOrder order) {
    return JSON.createObjectNode().put("order_id", order.orderId());
  }
}
