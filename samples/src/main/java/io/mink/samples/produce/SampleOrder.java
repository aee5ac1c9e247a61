package io.mink.samples.produce;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * An order as every sample producer writes it, whatever the schema language and wire format: the fields of
 * {@code schemas/order.avsc}, {@code order.proto} and {@code order.schema.json}, keyed by {@code order_id}.
 *
 * @param placedAt whole milliseconds, which every schema language carries exactly
 * @param note null for every third order
 */
public record SampleOrder(
    long orderId,
    String customer,
    Instant placedAt,
    Status status,
    double total,
    List<Line> lines,
    Address shipping,
    String note) {

  /** The order's status; the same symbols in every language. */
  public enum Status {
    NEW,
    PAID,
    SHIPPED
  }

  /** One line of an order. */
  public record Line(String sku, int quantity) {
    public Line {
      requireNonNull(sku, "sku is null");
    }
  }

  /** Where the order goes. */
  public record Address(String city, String country) {
    public Address {
      requireNonNull(city, "city is null");
      requireNonNull(country, "country is null");
    }
  }

  private static final String[] SKUS = {"kettle", "teapot", "mug", "filter", "scale", "grinder"};
  private static final Address[] ADDRESSES = {
    new Address("Zürich", "CH"),
    new Address("Oslo", "NO"),
    new Address("São Paulo", "BR"),
    new Address("Kyoto", "JP")
  };

  public SampleOrder {
    requireNonNull(customer, "customer is null");
    requireNonNull(placedAt, "placedAt is null");
    requireNonNull(status, "status is null");
    lines = List.copyOf(lines);
    requireNonNull(shipping, "shipping is null");
  }

  /**
   * {@code count} orders with ids from {@code firstId} on, placed a minute apart from {@code firstPlacedAt}: one to
   * three lines each, every status, notes on two orders in three. The same arguments give the same orders.
   */
  public static List<SampleOrder> generate(
      long seed, long firstId, int count, Instant firstPlacedAt) {
    Random random = new Random(seed);
    List<SampleOrder> orders = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      long id = firstId + i;
      List<Line> lines = new ArrayList<>();
      double total = 0;
      for (int l = 0, n = 1 + random.nextInt(3); l < n; l++) {
        Line line = new Line(SKUS[random.nextInt(SKUS.length)], 1 + random.nextInt(4));
        lines.add(line);
        total += line.quantity() * (4.5 + random.nextInt(40));
      }
      orders.add(new SampleOrder(
          id,
          "customer-" + random.nextInt(500),
          firstPlacedAt.plusSeconds(60L * i).plusMillis(random.nextInt(1000)),
          Status.values()[(int) (id % Status.values().length)],
          total,
          lines,
          ADDRESSES[random.nextInt(ADDRESSES.length)],
          id % 3 == 0 ? null : "order " + id + ", leave at the door"));
    }
    return orders;
  }
}
