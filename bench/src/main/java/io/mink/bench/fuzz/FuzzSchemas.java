package io.mink.bench.fuzz;

import io.mink.bench.registry.PayloadWriter;
import io.mink.bench.registry.SchemaLanguage;
import io.mink.testkit.orders.Order;
import io.mink.testkit.orders.OrderSamples;
import io.mink.testkit.registry.FakeSchemaRegistry;
import io.mink.testkit.registry.GlueSchemaRegistryStandIn;
import java.util.EnumMap;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * The order's value schema in each language, registered in the Confluent-compatible registry (an id and a GUID) and,
 * for Avro and JSON Schema, in the Glue stand-in (a schema version UUID), and a pool of valid payloads of each
 * language to draw records from. The pool's order {@code j} has id {@code j}.
 */
public final class FuzzSchemas {
  static final int POOL = 1_000;

  /** Where one language's schema is registered; {@code glue} is null for Protobuf. */
  record Registered(int id, UUID guid, UUID glue, byte[][] payloads) {}

  private final Map<SchemaLanguage, Registered> languages = new EnumMap<>(SchemaLanguage.class);

  private FuzzSchemas() {}

  static FuzzSchemas register(
      FakeSchemaRegistry registry, GlueSchemaRegistryStandIn glue, String topic, long seed) {
    FuzzSchemas schemas = new FuzzSchemas();
    for (SchemaLanguage language : SchemaLanguage.values()) {
      String subject = topic + "-" + language.name().toLowerCase(java.util.Locale.ROOT) + "-value";
      String text = language.orders().schemaText(false);
      FakeSchemaRegistry.Registered confluent =
          registry.register(subject, language.orders().type(), text);
      UUID version = language == SchemaLanguage.PROTOBUF
          ? null
          : glue.register(subject, language.orders().type(), text);
      schemas.languages.put(
          language,
          new Registered(confluent.id(), confluent.guid(), version, payloads(language, seed)));
    }
    return schemas;
  }

  Registered of(SchemaLanguage language) {
    return languages.get(language);
  }

  private static byte[][] payloads(SchemaLanguage language, long seed) {
    PayloadWriter writer = language.newWriter();
    Random random = new Random(seed);
    byte[][] payloads = new byte[POOL][];
    for (int j = 0; j < POOL; j++) {
      Order order = OrderSamples.seeded(random, j);
      payloads[j] = writer.write(order).clone();
    }
    return payloads;
  }
}
