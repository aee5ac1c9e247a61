package io.mink.samples.produce;

import java.util.Map;

/** The producer of each wire format, with the serializers that write it. */
public final class OrderProducers {
  private OrderProducers() {}

  /**
   * A producer of orders in the language and wire format, registering its schemas with the registries.
   *
   * @param kafka Kafka client properties: bootstrap.servers and any security settings
   * @throws IllegalArgumentException the registry the format needs is not given
   * @throws IllegalStateException header GUIDs cannot be written here (no node), with the reason
   */
  public static OrderProducer open(
      WireFormat format,
      SchemaLanguage language,
      Registries registries,
      String topic,
      Map<String, Object> kafka) {
    return switch (format) {
      case CONFLUENT_PREFIX ->
        ApicurioSerializers.producer(language, registries.requireApicurioUrl(format), kafka);
      case GLUE_PREFIX ->
        GlueSerializers.producer(language, registries.requireGlue(), topic, kafka);
      case HEADER_GUID -> {
        String url = registries.requireConfluentUrl(format);
        NodeScript script = NodeScript.locate();
        script.unavailableReason().ifPresent(reason -> {
          throw new IllegalStateException(
              "Cannot write header GUIDs with Confluent's npm serializers: " + reason);
        });
        yield new ConfluentJsOrderProducer(script, language, url, kafka);
      }
    };
  }
}
