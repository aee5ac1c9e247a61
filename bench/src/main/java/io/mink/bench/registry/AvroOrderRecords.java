package io.mink.bench.registry;

import io.mink.schema.registry.SchemaType;
import io.mink.testkit.TestRecord;
import io.mink.testkit.orders.AvroOrders;
import io.mink.testkit.orders.OrderSamples;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Orders as records of one topic in Confluent's Avro wire format, the way this benchmark's topic holds them
 * ({@link RegistryTopic}): the key and value schemas registered under the topic's subjects, each record's key
 * the order id as an Avro long and its value the Order, no headers. For other benchmarks that produce typed
 * records through a registry.
 */
public final class AvroOrderRecords {
  private final int keyId;
  private final int valueId;

  private AvroOrderRecords(int keyId, int valueId) {
    this.keyId = keyId;
    this.valueId = valueId;
  }

  /** Registers the key and value schemas as TOPIC-key and TOPIC-value. */
  public static AvroOrderRecords register(FakeSchemaRegistry registry, String topic) {
    int keyId = registry
        .register(topic + "-key", SchemaType.AVRO, AvroOrderWriter.KEY_SCHEMA)
        .id();
    int valueId = registry
        .register(topic + "-value", SchemaType.AVRO, AvroOrders.VALUE_SCHEMA.toString())
        .id();
    return new AvroOrderRecords(keyId, valueId);
  }

  /** {@code count} orders from {@code seed} as records without a partition (the producer picks one). */
  public List<TestRecord> records(long seed, int count) {
    AvroOrderWriter avro = new AvroOrderWriter();
    Random random = new Random(seed);
    List<TestRecord> records = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      var order = OrderSamples.seeded(random, i);
      records.add(new TestRecord(
          null,
          RegistryTopic.confluent(keyId, avro.writeKey(order.id())),
          RegistryTopic.confluent(valueId, avro.write(order)),
          List.of(),
          null));
    }
    return records;
  }
}
