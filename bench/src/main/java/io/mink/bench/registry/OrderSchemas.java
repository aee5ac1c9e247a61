package io.mink.bench.registry;

import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.registry.ConfluentRegistryClient;
import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.registry.SchemaType;
import io.mink.testkit.orders.AvroOrders;
import io.mink.testkit.registry.FakeSchemaRegistry;

/** The order's Avro schemas in the benchmark's schema registry, and the decoder Mink builds for that registry. */
public final class OrderSchemas {
  /** The registry's ids of the key schema (an Avro long) and the value schema (the Order record). */
  public record Ids(int keyId, int valueId) {}

  private OrderSchemas() {}

  /** Registers the key and value schemas under the topic's subjects, {@code <topic>-key} and {@code <topic>-value}. */
  public static Ids register(FakeSchemaRegistry registry, String topic) {
    int keyId = registry
        .register(topic + "-key", SchemaType.AVRO, AvroOrderWriter.KEY_SCHEMA)
        .id();
    int valueId = registry
        .register(topic + "-value", SchemaType.AVRO, AvroOrders.VALUE_SCHEMA.toString())
        .id();
    return new Ids(keyId, valueId);
  }

  /** The decoder the sidecar builds for a Confluent registry at this URL: fresh, so its caches start empty. */
  public static PartDecoder decoder(FakeSchemaRegistry registry) {
    return RegistryDecoders.forRegistry(
        ConfluentRegistryClient.create(ConfluentRegistrySettings.of(registry.url())));
  }
}
