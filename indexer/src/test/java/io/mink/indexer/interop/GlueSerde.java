package io.mink.indexer.interop;

import static java.util.Objects.requireNonNull;

import com.amazonaws.services.schemaregistry.serializers.GlueSchemaRegistryKafkaSerializer;
import com.amazonaws.services.schemaregistry.serializers.json.JsonDataWithSchema;
import com.fasterxml.jackson.databind.JsonNode;
import io.mink.schema.registry.GlueRegistryClient;
import io.mink.schema.registry.GlueRegistrySettings;
import io.mink.schema.registry.RoutingSchemaRegistry;
import io.mink.schema.registry.SchemaType;
import io.mink.testkit.orders.Order;
import io.mink.testkit.orders.OrderLanguage;
import io.mink.testkit.registry.GlueSchemaRegistryStandIn;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.common.serialization.Serializer;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/**
 * AWS's Glue Schema Registry serde 1.1.27 writing the Glue prefix ({@code 0x03}, the compression byte, the schema
 * version UUID, the payload, zlib-deflated when compressing) against the testkit's Glue stand-in, in us-east-1
 * with static credentials. Two limits of that serde on this classpath, worked around as its users would:
 *
 * <ul>
 *   <li>Protobuf: its schema generator (a copy of Apicurio's FileDescriptorUtils) calls
 *       {@code FileOptions.hasPhpGenericServices()}, which protobuf-java 4 no longer has, so it cannot
 *       auto-register. The .proto is registered ahead, as a schema version the serializer is given.</li>
 *   <li>JSON: its serializer's constructor builds a Scala 2.12 schema generator that cannot load beside the
 *       broker's Scala 2.13, and only uses it for POJOs. The tests send JsonDataWithSchema, and a stand-in
 *       generator (test sources, {@code com.kjetland.jackson.jsonSchema.JsonSchemaGenerator}) lets it construct.</li>
 * </ul>
 */
final class GlueSerde implements ThirdPartySerde {
  static final String REGION = "us-east-1";

  private final OrderLanguage language;
  private final boolean zlib;
  private final GlueSchemaRegistryStandIn glue = GlueSchemaRegistryStandIn.start(REGION);

  private GlueSerde(OrderLanguage language, boolean zlib) {
    this.language = requireNonNull(language, "language is null");
    this.zlib = zlib;
  }

  static GlueSerde uncompressed(OrderLanguage language) {
    return new GlueSerde(language, false);
  }

  static GlueSerde zlib(OrderLanguage language) {
    return new GlueSerde(language, true);
  }

  @Override
  public OrderLanguage language() {
    return language;
  }

  @Override
  public Serializer<Object> serializer(String topic, boolean isKey) {
    String schemaName = topic + (isKey ? "-key" : "-value");
    Map<String, Object> config = new HashMap<>();
    config.put("endpoint", glue.endpoint().toString());
    config.put("region", REGION);
    config.put("dataFormat", language.type().name());
    config.put("schemaAutoRegistrationEnabled", "true");
    // one Glue schema per part: keys and values are different record types
    config.put("schemaName", schemaName);
    if (zlib) {
      config.put("compression", "ZLIB");
    }
    UUID registeredAhead = language.type() == SchemaType.PROTOBUF
        ? glue.register(schemaName, SchemaType.PROTOBUF, language.schemaText(isKey))
        : null;
    GlueSchemaRegistryKafkaSerializer serializer = new GlueSchemaRegistryKafkaSerializer(
        StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")),
        registeredAhead,
        null);
    serializer.configure(config, isKey);
    return serializer;
  }

  /** JSON goes to Glue's serde with its schema; Avro records and Protobuf messages carry theirs. */
  @Override
  public Object value(Order order) {
    return withSchema(language.value(order), false);
  }

  @Override
  public Object key(Order order) {
    return withSchema(language.key(order), true);
  }

  private Object withSchema(Object data, boolean isKey) {
    return data instanceof JsonNode json
        ? JsonDataWithSchema.builder(language.schemaText(isKey), json.toString())
            .build()
        : data;
  }

  @Override
  public RoutingSchemaRegistry minkRegistry() {
    GlueRegistryClient client = GlueRegistryClient.create(GlueRegistrySettings.of(REGION)
        .withEndpoint(glue.endpoint())
        .withStaticCredentials("test", "test"));
    return new RoutingSchemaRegistry(Optional.empty(), Optional.of(client));
  }

  @Override
  public byte[] withUnknownSchemaId(byte[] serialized) {
    byte[] copy = serialized.clone();
    UUID unknown = UUID.randomUUID();
    ByteBuffer.wrap(copy, 2, 16)
        .putLong(unknown.getMostSignificantBits())
        .putLong(unknown.getLeastSignificantBits());
    return copy;
  }

  @Override
  public void close() {
    glue.close();
  }

  @Override
  public String toString() {
    return "Glue " + language + (zlib ? " (zlib)" : "");
  }
}
