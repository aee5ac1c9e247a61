package io.mink.testkit.orders;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

/**
 * The table columns an order's value decodes into: their Iceberg types and values, and a row's columns as plain
 * Java to compare with them (structs as maps by field name, lists as lists, text as String).
 */
public final class OrderColumns {
  private OrderColumns() {}

  /** Each value column's Iceberg type, by name, in the order of {@link Order#FIELDS}. */
  public static Map<String, String> types(OrderLanguage language) {
    String integer = language.integerType().toString();
    Map<String, String> types = new LinkedHashMap<>();
    for (String name : List.of("id", "account_id", "sequence", "amount_cents")) {
      types.put(name, "long");
    }
    for (String name : List.of("quantity", "status_code", "region_id")) {
      types.put(name, integer);
    }
    for (String name : List.of("price", "discount", "weight")) {
      types.put(name, "double");
    }
    for (String name : List.of("customer", "product", "currency", "channel", "description")) {
      types.put(name, "string");
    }
    types.put("active", "boolean");
    types.put("event_time", "timestamptz");
    types.put("note", "string");
    types.put("address", "struct<street: string, city: string, zip: " + integer + ">");
    types.put("tags", "list<string>");
    types.put("status", "string");
    return types;
  }

  /** The values an order's columns must hold when a value of the language is decoded, by column name. */
  public static Map<String, Object> expected(Order order, OrderLanguage language) {
    Map<String, Object> address = new LinkedHashMap<>();
    address.put("street", order.address().street());
    address.put("city", order.address().city());
    address.put("zip", language.integer(order.address().zip()));
    Map<String, Object> columns = new LinkedHashMap<>();
    columns.put("id", order.id());
    columns.put("account_id", order.accountId());
    columns.put("sequence", order.sequence());
    columns.put("amount_cents", order.amountCents());
    columns.put("quantity", language.integer(order.quantity()));
    columns.put("status_code", language.integer(order.statusCode()));
    columns.put("region_id", language.integer(order.regionId()));
    columns.put("price", order.price());
    columns.put("discount", order.discount());
    columns.put("weight", order.weight());
    columns.put("customer", order.customer());
    columns.put("product", order.product());
    columns.put("currency", order.currency());
    columns.put("channel", order.channel());
    columns.put("description", order.description());
    columns.put("active", order.active());
    columns.put(
        "event_time",
        OffsetDateTime.ofInstant(
            Instant.EPOCH.plus(order.eventTimeMicros(), ChronoUnit.MICROS), ZoneOffset.UTC));
    columns.put("note", order.note());
    columns.put("address", address);
    columns.put("tags", order.tags());
    columns.put("status", order.status().name());
    return columns;
  }

  /** The value columns of a table row, as plain Java, by column name. */
  public static Map<String, Object> of(Record row) {
    Map<String, Object> columns = new LinkedHashMap<>();
    for (String name : Order.FIELDS) {
      columns.put(name, plain(row.getField(name)));
    }
    return columns;
  }

  /** An Iceberg value as plain Java: structs as maps by field name, lists as lists, text as String. */
  public static Object plain(Object value) {
    if (value instanceof Record struct) {
      Map<String, Object> fields = new LinkedHashMap<>();
      for (Types.NestedField field : struct.struct().fields()) {
        fields.put(field.name(), plain(struct.getField(field.name())));
      }
      return fields;
    }
    if (value instanceof List<?> list) {
      return list.stream().map(OrderColumns::plain).toList();
    }
    if (value instanceof CharSequence text) {
      return text.toString();
    }
    return value;
  }
}
