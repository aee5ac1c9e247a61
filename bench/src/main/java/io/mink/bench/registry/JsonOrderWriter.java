package io.mink.bench.registry;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * JSON payloads as Confluent's JSON Schema serializer writes them after its prefix: the UTF-8 JSON
 * text, written by Jackson. The event time is RFC 3339 in UTC with microseconds.
 */
final class JsonOrderWriter implements PayloadWriter {
  private final ObjectMapper mapper = new ObjectMapper();

  @Override
  public byte[] write(Order order) {
    ObjectNode json = mapper.createObjectNode()
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
        .put("event_time", Instant.EPOCH.plus(order.eventTimeMicros(), ChronoUnit.MICROS).toString())
        .put("note", order.note());
    json.putObject("address")
        .put("street", order.address().street())
        .put("city", order.address().city())
        .put("zip", order.address().zip());
    ArrayNode tags = json.putArray("tags");
    order.tags().forEach(tags::add);
    try {
      return mapper.writeValueAsBytes(json);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("Jackson cannot write a benchmark order: " + e.getMessage(), e);
    }
  }
}
