package io.mink.bench.registry;

import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import org.apache.iceberg.data.Record;

/**
 * Checks that a table row holds an order's values, so that a benchmark never times decoders that
 * read the payloads wrong. Numbers are compared by value, whatever their width (JSON Schema's
 * integers are longs).
 */
final class OrderCheck {
  private OrderCheck() {}

  static void verify(String source, Record row, Order order) {
    same(source, "id", row.getField("id"), order.id());
    same(source, "account_id", row.getField("account_id"), order.accountId());
    same(source, "sequence", row.getField("sequence"), order.sequence());
    same(source, "amount_cents", row.getField("amount_cents"), order.amountCents());
    same(source, "quantity", row.getField("quantity"), order.quantity());
    same(source, "status_code", row.getField("status_code"), order.statusCode());
    same(source, "region_id", row.getField("region_id"), order.regionId());
    same(source, "price", row.getField("price"), order.price());
    same(source, "discount", row.getField("discount"), order.discount());
    same(source, "weight", row.getField("weight"), order.weight());
    same(source, "customer", row.getField("customer"), order.customer());
    same(source, "product", row.getField("product"), order.product());
    same(source, "currency", row.getField("currency"), order.currency());
    same(source, "channel", row.getField("channel"), order.channel());
    same(source, "description", row.getField("description"), order.description());
    same(source, "active", row.getField("active"), order.active());
    Object eventTime = row.getField("event_time");
    same(source, "event_time", eventTime instanceof OffsetDateTime time
        ? ChronoUnit.MICROS.between(OffsetDateTime.parse("1970-01-01T00:00Z"), time) : eventTime,
        order.eventTimeMicros());
    same(source, "note", row.getField("note"), order.note());
    Record address = (Record) row.getField("address");
    same(source, "address", address == null ? null : List.of(address.getField("street"), address.getField("city"),
        ((Number) address.getField("zip")).longValue()),
        List.of(order.address().street(), order.address().city(), (long) order.address().zip()));
    same(source, "tags", row.getField("tags"), order.tags());
  }

  private static void same(String source, String column, Object actual, Object expected) {
    boolean equal = (actual instanceof Number a && expected instanceof Number e)
        ? ((a instanceof Double || e instanceof Double) ? a.doubleValue() == e.doubleValue()
            : a.longValue() == e.longValue())
        : Objects.equals(actual == null ? null : normalize(actual), expected);
    if (!equal) {
      throw new IllegalStateException(source + " decoded column " + column + " as " + actual + " ("
          + (actual == null ? "null" : actual.getClass().getSimpleName()) + "), but the order holds " + expected
          + ": the benchmark's schemas or writers disagree with Mink's decoder");
    }
  }

  private static Object normalize(Object value) {
    if (value instanceof CharSequence text) {
      return text.toString();
    }
    if (value instanceof List<?> list) {
      return list.stream().map(item -> item == null ? null : normalize(item)).toList();
    }
    return value;
  }
}
