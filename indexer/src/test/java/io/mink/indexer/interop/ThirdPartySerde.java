package io.mink.indexer.interop;

import io.mink.schema.registry.RoutingSchemaRegistry;
import io.mink.testkit.orders.Order;
import io.mink.testkit.orders.OrderLanguage;
import java.util.List;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A serde that is not Mink's, with the registry it talks to running on this machine: what writes the records
 * of an interop test, and what Mink reads the schemas from.
 */
interface ThirdPartySerde extends AutoCloseable {

  OrderLanguage language();

  /** A configured serializer of keys or values for a topic, whose schema it registers (or finds registered). */
  Serializer<Object> serializer(String topic, boolean isKey);

  /** The object the serializer takes for an order's value. */
  default Object value(Order order) {
    return language().value(order);
  }

  /** The object the serializer takes for an order's key. */
  default Object key(Order order) {
    return language().key(order);
  }

  /**
   * The value schema's fields in the order the registered schema text lists them, which is the order of their
   * columns: the order of {@link Order}'s components unless the serde writes the schema otherwise.
   */
  default List<String> valueFieldsAsRegistered() {
    return Order.FIELDS;
  }

  /** Mink's registry client for the serde's registry, routed as the sidecar routes it. */
  RoutingSchemaRegistry minkRegistry();

  /** A copy of bytes the serializer wrote, with a schema id in their prefix that the registry never issued. */
  byte[] withUnknownSchemaId(byte[] serialized);

  /** Stops the registry. */
  @Override
  void close();
}
