package io.mink.indexer.interop;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The data every interop test writes, whatever the serde and schema language: an order with scalars, a nullable
 * note, a timestamp, a list, a nested struct and an enum, keyed by its id.
 *
 * @param note null for every third order
 * @param placed milliseconds only, which every schema language carries exactly
 */
record Order(long id, String customer, String note, Instant placed, int quantity, double total, boolean gift,
    List<String> tags, Address shipping, Status status) {

  /** The fields of every schema of an order's value, in the order of this record's components. */
  static final List<String> FIELDS =
      List.of("id", "customer", "note", "placed", "quantity", "total", "gift", "tags", "shipping", "status");

  /** The nested struct. */
  record Address(String street, String city, int zip) {
    Address {
      requireNonNull(street, "street is null");
      requireNonNull(city, "city is null");
    }
  }

  /** The enum; the same symbols in every language. */
  enum Status { NEW, PAID, SHIPPED }

  Order {
    requireNonNull(customer, "customer is null");
    requireNonNull(placed, "placed is null");
    tags = List.copyOf(tags);
    requireNonNull(shipping, "shipping is null");
    requireNonNull(status, "status is null");
  }

  /**
   * {@code count} orders that between them use every value shape: null and non-null notes, empty and longer tag
   * lists, both booleans, every status, negative and large numbers, and non-ASCII text.
   */
  static List<Order> sample(int count) {
    List<Order> orders = new ArrayList<>(count);
    Instant start = Instant.parse("2024-02-29T23:59:58.125Z");
    String[] cities = {"Zürich", "Oslo", "São Paulo", "Kyoto"};
    for (int i = 0; i < count; i++) {
      List<String> tags = new ArrayList<>();
      for (int t = 0; t < i % 4; t++) {
        tags.add("tag-" + i + "-" + t);
      }
      orders.add(new Order(
          i == 0 ? Long.MAX_VALUE : 1_000_000_000_000L + i,
          "customer-" + i + (i % 5 == 0 ? " ✓" : ""),
          i % 3 == 0 ? null : "note " + i,
          start.plusMillis(i * 86_400_123L),
          i == 1 ? -7 : i * 3,
          i * 10.25 - 3.5,
          i % 2 == 0,
          tags,
          new Address(i + " Main Street", cities[i % cities.length], 10_000 + i),
          Status.values()[i % Status.values().length]));
    }
    return orders;
  }
}
