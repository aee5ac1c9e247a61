package io.mink.indexer.interop;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.schema.registry.SchemaType;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Orders as JSON trees valid under {@code interop/order.schema.json}, keyed by
 * {@code interop/order-key.schema.json}.
 */
final class JsonSchemaOrders implements OrderLanguage {
  static final String ORDER_RESOURCE = "interop/order.schema.json";
  static final String ORDER_KEY_RESOURCE = "interop/order-key.schema.json";
  static final String ORDER = OrderLanguage.resource("order.schema.json");
  static final String ORDER_KEY = OrderLanguage.resource("order-key.schema.json");
  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public SchemaType type() {
    return SchemaType.JSON;
  }

  @Override
  public ObjectNode value(Order order) {
    ObjectNode node = JSON.createObjectNode();
    node.put("id", order.id());
    node.put("customer", order.customer());
    if (order.note() == null) {
      node.putNull("note");
    } else {
      node.put("note", order.note());
    }
    node.put("placed", order.placed().toString());
    node.put("quantity", order.quantity());
    node.put("total", order.total());
    node.put("gift", order.gift());
    order.tags().forEach(node.putArray("tags")::add);
    node.putObject("shipping")
        .put("street", order.shipping().street())
        .put("city", order.shipping().city())
        .put("zip", order.shipping().zip());
    node.put("status", order.status().name());
    return node;
  }

  @Override
  public ObjectNode key(Order order) {
    return JSON.createObjectNode().put("id", order.id());
  }

  @Override
  public String schemaText(boolean key) {
    return key ? ORDER_KEY : ORDER;
  }

  @Override
  public Type integerType() {
    return Types.LongType.get();
  }

  @Override
  public String toString() {
    return "JSON Schema";
  }
}
