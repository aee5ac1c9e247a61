package io.mink.bench.registry;

import static java.util.Objects.requireNonNull;

import io.mink.testkit.orders.Order;

/** How an order becomes one Kafka record's key and value bytes. Instances reuse buffers: one thread each. */
@FunctionalInterface
public interface OrderEncoding {
  /** One record's key and value bytes. */
  record Encoded(byte[] key, byte[] value) {
    public Encoded {
      requireNonNull(key, "key is null");
      requireNonNull(value, "value is null");
    }
  }

  Encoded encode(Order order);

  /**
   * As Confluent's Avro serializer writes them: byte 0, the registry's int32 schema id, then the Avro binary
   * datum, for the value (the Order record) and for the key (the order id as an Avro long).
   */
  static OrderEncoding confluentAvro(OrderSchemas.Ids ids) {
    AvroOrderWriter avro = new AvroOrderWriter();
    return order -> new Encoded(
        RegistryTopic.confluent(ids.keyId(), avro.writeKey(order.id())),
        RegistryTopic.confluent(ids.valueId(), avro.write(order)));
  }

  /**
   * Plain JSON text without a prefix or schema, as Kafka Connect's JsonConverter with {@code schemas.enable=false}
   * reads it: the order's object as Jackson writes it, keyed by an object of its id.
   */
  static OrderEncoding json() {
    JsonOrderWriter json = new JsonOrderWriter();
    return order -> new Encoded(json.writeKey(order), json.write(order));
  }
}
