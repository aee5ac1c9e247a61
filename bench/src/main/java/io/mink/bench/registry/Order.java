package io.mink.bench.registry;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The benchmark's 20-field record, as plain Java values: four longs, three ints, three doubles,
 * five strings, a boolean, a timestamp, a nullable string, a nested struct and a list of strings.
 * {@link OrderSchemas} declares it in Avro, Protobuf and JSON Schema; each language's writer turns
 * one of these into a payload.
 *
 * @param eventTimeMicros microseconds since the epoch, UTC
 * @param note null for about half the records
 */
record Order(
    long id, long accountId, long sequence, long amountCents,
    int quantity, int statusCode, int regionId,
    double price, double discount, double weight,
    String customer, String product, String currency, String channel, String description,
    boolean active, long eventTimeMicros, String note, Address address, List<String> tags) {

  /** The nested struct. */
  record Address(String street, String city, int zip) {
    Address {
      requireNonNull(street, "street is null");
      requireNonNull(city, "city is null");
    }
  }

  /** 2023-11-14T22:13:20Z, in microseconds: event times count up from here. */
  static final long BASE_MICROS = 1_700_000_000_000_000L;

  private static final String[] CURRENCIES = {"EUR", "USD", "GBP", "JPY", "CHF"};
  private static final String[] CHANNELS = {"web", "mobile", "store", "partner"};
  private static final String[] CITIES = {"Lyon", "Porto", "Leipzig", "Utrecht", "Bergen", "Turin", "Gdansk"};
  private static final String[] STREETS = {"Harbour Road", "Mill Lane", "Station Street", "Elm Avenue", "Quay Side"};
  private static final String[] TAGS = {"gift", "express", "fragile", "bulk", "promo", "returning", "vip"};
  private static final String[] WORDS = {"blue", "large", "cotton", "shirt", "pack", "of", "three", "with",
      "logo", "organic", "slim", "fit", "winter", "edition", "red", "small", "wool", "socks", "classic", "set"};

  Order {
    requireNonNull(customer, "customer is null");
    requireNonNull(product, "product is null");
    requireNonNull(currency, "currency is null");
    requireNonNull(channel, "channel is null");
    requireNonNull(description, "description is null");
    requireNonNull(address, "address is null");
    tags = List.copyOf(requireNonNull(tags, "tags is null"));
  }

  /** The order with this id, its other values drawn from {@code random}: the same seed gives the same orders. */
  static Order random(Random random, long id) {
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
        new Address(10 + random.nextInt(300) + " " + STREETS[random.nextInt(STREETS.length)],
            CITIES[random.nextInt(CITIES.length)], 10_000 + random.nextInt(90_000)),
        tags);
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
