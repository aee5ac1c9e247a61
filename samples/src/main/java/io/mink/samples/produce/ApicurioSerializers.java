package io.mink.samples.produce;

import io.apicurio.registry.serde.avro.AvroKafkaSerializer;
import io.apicurio.registry.serde.jsonschema.JsonSchemaKafkaSerializer;
import io.apicurio.registry.serde.protobuf.ProtobufKafkaSerializer;
import java.util.HashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Apicurio Registry's serdes 3 configured for Confluent's wire format: byte 0, the 4-byte id, the payload, with
 * Confluent's message indexes after the id for Protobuf. They register each schema under the subject
 * {@code <topic>-key} / {@code <topic>-value} on first use.
 */
public final class ApicurioSerializers {
  /**
   * Apicurio's registry client warns through java.util.logging, once per JVM, that it uses a shared Vert.x
   * instance; that is what a short-lived producer wants. Held here so that the level stays set.
   */
  @SuppressWarnings("unused") // held, not read: a logger nobody references loses its level
  private static final Logger VERTX_NOTICE = quiet("io.apicurio.registry.client.common");

  private ApicurioSerializers() {}

  private static Logger quiet(String name) {
    Logger logger = Logger.getLogger(name);
    logger.setLevel(Level.SEVERE);
    return logger;
  }

  static OrderProducer producer(
      SchemaLanguage language, String apicurioUrl, Map<String, Object> kafka) {
    OrderObjects objects = OrderObjects.of(language);
    return new SerializingOrderProducer(
        kafka,
        serializer(language, apicurioUrl, true),
        serializer(language, apicurioUrl, false),
        objects::key,
        objects::value);
  }

  /** Apicurio's serializer of keys or values in the language, registering its schemas on first use. */
  @SuppressWarnings("unchecked")
  public static Serializer<Object> serializer(
      SchemaLanguage language, String apicurioUrl, boolean isKey) {
    Map<String, Object> config = new HashMap<>();
    config.put("apicurio.registry.url", apicurioUrl);
    config.put("apicurio.registry.auto-register", true);
    // Confluent's wire format: no Apicurio type reference before a Protobuf payload, Confluent's
    // message indexes
    config.put("apicurio.registry.serde.send-type-ref", false);
    config.put("apicurio.registry.serde.send-indexes", true);
    Serializer<?> serializer = switch (language) {
      case AVRO -> new AvroKafkaSerializer<>();
      case PROTOBUF -> new ProtobufKafkaSerializer<>();
      case JSON_SCHEMA -> {
        config.put("apicurio.registry.artifact.schema.location", language.schemaResource(isKey));
        yield new JsonSchemaKafkaSerializer<>();
      }
    };
    serializer.configure(config, isKey);
    return (Serializer<Object>) serializer;
  }
}
