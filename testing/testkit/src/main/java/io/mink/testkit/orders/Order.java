package io.mink.testkit.orders;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The order every registry test and the registry benchmark write, as plain Java values: four longs, three ints,
 * three doubles, five strings, a boolean, a timestamp, a nullable string, a nested struct, a list of strings and
 * an enum. {@link OrderLanguage} declares it in Avro, Protobuf and JSON Schema, field for field in this order,
 * and builds the value each language's serializers take; {@link OrderSamples} makes orders.
 *
 * @param eventTimeMicros microseconds since the epoch, UTC
 * @param note null for some orders
 */
public record Order(
    long id,
    long accountId,
    long sequence,
    long amountCents,
    int quantity,
    int statusCode,
    int regionId,
    double price,
    double discount,
    double weight,
    String customer,
    String product,
    String currency,
    String channel,
    String description,
    boolean active,
    long eventTimeMicros,
    String note,
    Address address,
    List<String> tags,
    Status status) {

  /** The value schema's fields, in the order of this record's components: the order of their table columns. */
  public static final List<String> FIELDS = List.of(
      "id",
      "account_id",
      "sequence",
      "amount_cents",
      "quantity",
      "status_code",
      "region_id",
      "price",
      "discount",
      "weight",
      "customer",
      "product",
      "currency",
      "channel",
      "description",
      "active",
      "event_time",
      "note",
      "address",
      "tags",
      "status");

  /** The nested struct. */
  public record Address(String street, String city, int zip) {
    public Address {
      requireNonNull(street, "street is null");
      requireNonNull(city, "city is null");
    }
  }

  /** The enum; the same symbols in every language. */
  public enum Status {
    NEW,
    PAID,
    SHIPPED
  }

  public Order {
    requireNonNull(customer, "customer is null");
    requireNonNull(product, "product is null");
    requireNonNull(currency, "currency is null");
    requireNonNull(channel, "channel is null");
    requireNonNull(description, "description is null");
    requireNonNull(address, "address is null");
    tags = List.copyOf(requireNonNull(tags, "tags is null"));
    requireNonNull(status, "status is null");
  }
}
