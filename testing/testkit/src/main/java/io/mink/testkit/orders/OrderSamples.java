package io.mink.testkit.orders;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Orders to write: drawn from a seeded generator, or a short list that uses every value shape. */
public final class OrderSamples {
  /** 2023-11-14T22:13:20Z, in microseconds: the event times of seeded orders count up from here. */
  public static final long BASE_MICROS = 1_700_000_000_000_000L;

  /** 2024-02-29T23:59:58.125Z, in microseconds: the event times of varied orders count up from here. */
  private static final long LEAP_DAY_MICROS = 1_709_251_198_125_000L;

  private static final String[] CURRENCIES = {"EUR", "USD", "GBP", "JPY", "CHF"};
  private static final String[] CHANNELS = {"web", "mobile", "store", "partner"};
  private static final String[] CITIES = {
    "Lyon", "Porto", "Leipzig", "Utrecht", "Bergen", "Turin", "Gdansk"
  };
  private static final String[] FOREIGN_CITIES = {"Zürich", "Oslo", "São Paulo", "Kyoto"};
  private static final String[] STREETS = {
    "Harbour Road", "Mill Lane", "Station Street", "Elm Avenue", "Quay Side"
  };
  private static final String[] TAGS = {
    "gift", "express", "fragile", "bulk", "promo", "returning", "vip"
  };
  private static final String[] WORDS = {
    "blue", "large", "cotton", "shirt", "pack", "of", "three", "with", "logo", "organic", "slim",
    "fit", "winter", "edition", "red", "small", "wool", "socks", "classic", "set"
  };

  private OrderSamples() {}

  /** The order with this id, its other values drawn from {@code random}: the same seed gives the same orders. */
  public static Order seeded(Random random, long id) {
    int quantity = 1 + random.nextInt(20);
    double price = Math.round(random.nextDouble() * 50_000) / 100.0;
    List<String> tags = new ArrayList<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      tags.add(TAGS[random.nextInt(TAGS.length)]);
    }
    return new Order(
        id,
        10_000 + random.nextInt(90_000),
        id * 7 + random.nextInt(7),
        Math.round(price * 100) * quantity,
        quantity,
        random.nextInt(10) < 8 ? 200 : 400 + random.nextInt(100),
        random.nextInt(64),
        price,
        random.nextInt(4) == 0 ? random.nextInt(30) / 100.0 : 0.0,
        random.nextDouble() * 25,
        "customer-" + random.nextInt(1_000_000),
        "product-" + random.nextInt(5_000) + "-" + WORDS[random.nextInt(WORDS.length)],
        CURRENCIES[random.nextInt(CURRENCIES.length)],
        CHANNELS[random.nextInt(CHANNELS.length)],
        words(random, 8 + random.nextInt(10)),
        random.nextBoolean(),
        BASE_MICROS + id * 1_000 + random.nextInt(1_000),
        random.nextBoolean() ? null : "deliver to " + words(random, 2 + random.nextInt(3)),
        new Order.Address(
            10 + random.nextInt(300) + " " + STREETS[random.nextInt(STREETS.length)],
            CITIES[random.nextInt(CITIES.length)],
            10_000 + random.nextInt(90_000)),
        tags,
        status(id));
  }

  /**
   * {@code count} orders that between them use every value shape: null and non-null notes, empty and longer tag
   * lists, both booleans, every status (the second order's is PAID), negative, zero and extreme numbers,
   * microsecond timestamps and non-ASCII text.
   */
  public static List<Order> varied(int count) {
    List<Order> orders = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      List<String> tags = new ArrayList<>();
      for (int t = 0; t < i % 4; t++) {
        tags.add("tag-" + i + "-" + t);
      }
      orders.add(new Order(
          i == 0 ? Long.MAX_VALUE : 1_000_000_000_000L + i,
          i == 1 ? Long.MIN_VALUE : -i,
          i,
          i * 1_025L - 350,
          i == 1 ? -7 : i * 3,
          i == 2 ? Integer.MAX_VALUE : 200 + i,
          i == 3 ? Integer.MIN_VALUE : i % 64,
          i * 10.25 - 3.5,
          i % 4 == 0 ? 0.0 : i / 100.0,
          i == 2 ? Double.MAX_VALUE : i * 0.125,
          "customer-" + i + (i % 5 == 0 ? " ✓" : ""),
          "product-" + i,
          CURRENCIES[i % CURRENCIES.length],
          CHANNELS[i % CHANNELS.length],
          i % 6 == 0 ? "" : "Größe " + i + ": " + WORDS[i % WORDS.length],
          i % 2 == 0,
          LEAP_DAY_MICROS + i * 86_400_123_457L,
          i % 3 == 0 ? null : "note " + i,
          new Order.Address(
              i + " Main Street", FOREIGN_CITIES[i % FOREIGN_CITIES.length], 10_000 + i),
          tags,
          status(i)));
    }
    return orders;
  }

  /** Every status in turn, by id: drawing none from the generator keeps the other values of seeded orders. */
  @SuppressWarnings("EnumOrdinal") // the statuses in declaration order, by design
  private static Order.Status status(long id) {
    return Order.Status.values()[(int) Math.floorMod(id, (long) Order.Status.values().length)];
  }

  private static String words(Random random, int count) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < count; i++) {
      if (i > 0) {
        text.append(' ');
      }
      text.append(WORDS[random.nextInt(WORDS.length)]);
    }
    return text.toString();
  }
}
