package io.mink.samples.produce;

import com.amazonaws.services.schemaregistry.common.AWSSchemaRegistryClient;
import com.amazonaws.services.schemaregistry.common.SchemaByDefinitionFetcher;
import com.amazonaws.services.schemaregistry.common.configs.GlueSchemaRegistryConfiguration;
import com.amazonaws.services.schemaregistry.serializers.GlueSchemaRegistryKafkaSerializer;
import com.amazonaws.services.schemaregistry.serializers.json.JsonDataWithSchema;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.common.serialization.Serializer;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;

/**
 * AWS's Glue Schema Registry serde writing the Glue prefix: byte 3, the compression byte, the schema version UUID,
 * the payload. Each part has a Glue schema of its own, {@code <topic>-key} and {@code <topic>-value}, registered on
 * first use. Two limits of that serde beside protobuf-java 4 and Kafka's Scala 2.13, worked around as its users do:
 *
 * <ul>
 *   <li>Protobuf: its schema generator calls a method protobuf-java 4 no longer has, so it cannot derive the .proto
 *       from a message. The .proto text is registered with the serde's own client first and the serializer is
 *       given that schema version.</li>
 *   <li>JSON: the serializer takes {@code JsonDataWithSchema}, the JSON text with its schema, so it never needs the
 *       Scala 2.12 schema generator it would use for plain Java objects (see
 *       {@code com.kjetland.jackson.jsonSchema.JsonSchemaGenerator} in this module).</li>
 * </ul>
 */
final class GlueSerializers {
  private GlueSerializers() {}

  static OrderProducer producer(
      SchemaLanguage language, Registries.Glue glue, String topic, Map<String, Object> kafka) {
    OrderObjects objects = OrderObjects.of(language);
    return new SerializingOrderProducer(
        kafka,
        serializer(language, glue, topic, true),
        serializer(language, glue, topic, false),
        order -> withSchema(language, objects.key(order), true),
        order -> withSchema(language, objects.value(order), false));
  }

  static Serializer<Object> serializer(
      SchemaLanguage language, Registries.Glue glue, String topic, boolean isKey) {
    String schemaName = topic + (isKey ? "-key" : "-value");
    Map<String, Object> config = new HashMap<>();
    if (glue.endpoint() != null) {
      config.put("endpoint", glue.endpoint().toString());
    }
    config.put("region", glue.region());
    config.put("registry.name", glue.registryName());
    config.put("dataFormat", language.registryType());
    config.put("schemaAutoRegistrationEnabled", "true");
    config.put("schemaName", schemaName);
    if (glue.zlib()) {
      config.put("compression", "ZLIB");
    }
    AwsCredentialsProvider credentials = DefaultCredentialsProvider.builder().build();
    UUID registeredAhead = language == SchemaLanguage.PROTOBUF
        ? registerProto(credentials, config, schemaName, language.schemaText(isKey))
        : null;
    GlueSchemaRegistryKafkaSerializer serializer =
        new GlueSchemaRegistryKafkaSerializer(credentials, registeredAhead, null);
    serializer.configure(config, isKey);
    return serializer;
  }

  private static UUID registerProto(
      AwsCredentialsProvider credentials,
      Map<String, Object> config,
      String schemaName,
      String protoText) {
    GlueSchemaRegistryConfiguration configuration = new GlueSchemaRegistryConfiguration(config);
    AWSSchemaRegistryClient client = new AWSSchemaRegistryClient(credentials, configuration);
    return new SchemaByDefinitionFetcher(client, configuration)
        .getORRegisterSchemaVersionId(
            protoText, schemaName, SchemaLanguage.PROTOBUF.registryType(), Map.of());
  }

  private static Object withSchema(SchemaLanguage language, Object data, boolean isKey) {
    return data instanceof JsonNode json
        ? JsonDataWithSchema.builder(language.schemaText(isKey), json.toString())
            .build()
        : data;
  }
}
