package io.mink.testkit.orders;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Orders as JSON trees valid under {@code order.schema.json}, keyed by trees valid under
 * {@code order-key.schema.json}. The event time is RFC 3339 in UTC, to the microsecond.
 */
public final class JsonSchemaOrders {
  /** The classpath path of the value schema, for serdes that load their schema from the classpath. */
  public static final String VALUE_RESOURCE = OrderSchemaFiles.path("order.schema.json");

  public static final String KEY_RESOURCE = OrderSchemaFiles.path("order-key.schema.json");
  public static final String VALUE_SCHEMA = OrderSchemaFiles.text("order.schema.json");
  public static final String KEY_SCHEMA = OrderSchemaFiles.text("order-key.schema.json");
  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonSchemaOrders() {}

  /** The order as the tree Jackson writes and the JSON Schema serdes take. */
  public static ObjectNode value(Order order) {
    ObjectNode json = JSON.createObjectNode()
        .put("id", order.id())
        .put("account_id", order.accountId())
        .put("sequence", order.sequence())
        .put("amount_cents", order.amountCents())
        .put("quantity", order.quantity())
        .put("status_code", order.statusCode())
        .put("region_id", order.regionId())
        .put("price", order.price())
        .put("discount", order.discount())
        .put("weight", order.weight())
        .put("customer", order.customer())
        .put("product", order.product())
        .put("currency", order.currency())
        .put("channel", order.channel())
        .put("description", order.description())
        .put("active", order.active())
        .put(
            "event_time",
            Instant.EPOCH.plus(order.eventTimeMicros(), ChronoUnit.MICROS).toString())
        .put("note", order.note());
    json.putObject("address")
        .put("street", order.address().street())
        .put("city", order.address().city())
        .put("zip", order.address().zip());
    order.tags().forEach(json.putArray("tags")::add);
    json.put("status", order.status().name());
    return json;
  }

  /** The key: an object of the order's id. */
  public static ObjectNode key(Order order) {
    return JSON.createObjectNode().put("id", order.id());
  }
}
