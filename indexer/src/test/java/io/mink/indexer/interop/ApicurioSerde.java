package io.mink.indexer.interop;

import static java.util.Objects.requireNonNull;

import io.apicurio.registry.serde.avro.AvroKafkaSerializer;
import io.apicurio.registry.serde.jsonschema.JsonSchemaKafkaSerializer;
import io.apicurio.registry.serde.protobuf.ProtobufKafkaSerializer;
import io.mink.schema.registry.ConfluentRegistryClient;
import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.registry.RoutingSchemaRegistry;
import io.mink.schema.registry.SchemaRegistry;
import io.mink.schema.registry.SchemaType;
import io.mink.testkit.orders.JsonSchemaOrders;
import io.mink.testkit.orders.Order;
import io.mink.testkit.orders.OrderLanguage;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Apicurio Registry's serdes 3.x writing the Confluent prefix ({@code 0x00}, the 4-byte content id, the payload;
 * Protobuf message indexes after the id) against the testkit's registry, which answers Apicurio's v3 API and
 * Confluent's over the same schemas. Mink reads them through the Confluent API.
 */
final class ApicurioSerde implements ThirdPartySerde {
  /** An id no test registers that many schemas to reach. */
  private static final int UNKNOWN_ID = 987_654;

  private final OrderLanguage language;
  private final FakeSchemaRegistry registry = FakeSchemaRegistry.start();

  ApicurioSerde(OrderLanguage language) {
    this.language = requireNonNull(language, "language is null");
  }

  @Override
  public OrderLanguage language() {
    return language;
  }

  @Override
  @SuppressWarnings("unchecked")
  public Serializer<Object> serializer(String topic, boolean isKey) {
    Map<String, Object> config = new HashMap<>();
    config.put("apicurio.registry.url", registry.apicurioUrl());
    config.put("apicurio.registry.auto-register", true);
    // Confluent's wire format: no Apicurio type reference before a Protobuf payload, Confluent's
    // message indexes
    config.put("apicurio.registry.serde.send-type-ref", false);
    config.put("apicurio.registry.serde.send-indexes", true);
    Serializer<?> serializer = switch (language.type()) {
      case AVRO -> new AvroKafkaSerializer<>();
      case PROTOBUF -> new ProtobufKafkaSerializer<>();
      case JSON -> {
        config.put(
            "apicurio.registry.artifact.schema.location",
            isKey ? JsonSchemaOrders.KEY_RESOURCE : JsonSchemaOrders.VALUE_RESOURCE);
        yield new JsonSchemaKafkaSerializer<>();
      }
    };
    serializer.configure(config, isKey);
    return (Serializer<Object>) serializer;
  }

  /**
   * Apicurio registers the .proto its serializer generates from the message's descriptor, and its generator
   * (FileDescriptorUtils) writes a proto3 {@code optional} field after the others, so {@code note} comes last.
   */
  @Override
  public List<String> valueFieldsAsRegistered() {
    if (language.type() != SchemaType.PROTOBUF) {
      return Order.FIELDS;
    }
    List<String> fields = new ArrayList<>(Order.FIELDS);
    fields.remove("note");
    fields.add("note");
    return fields;
  }

  @Override
  public RoutingSchemaRegistry minkRegistry() {
    SchemaRegistry confluent =
        ConfluentRegistryClient.create(ConfluentRegistrySettings.of(registry.url()));
    return new RoutingSchemaRegistry(Optional.of(confluent), Optional.empty());
  }

  @Override
  public byte[] withUnknownSchemaId(byte[] serialized) {
    byte[] copy = serialized.clone();
    ByteBuffer.wrap(copy, 1, 4).putInt(UNKNOWN_ID);
    return copy;
  }

  @Override
  public void close() {
    registry.close();
  }

  @Override
  public String toString() {
    return "Apicurio " + language;
  }
}
