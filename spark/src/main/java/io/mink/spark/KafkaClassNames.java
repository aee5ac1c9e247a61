package io.mink.spark;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.config.MinkConfig;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * Kafka's class names in the {@code [kafka]} settings, as Kafka's classes are named where this code runs. The runtime
 * jar relocates Kafka's clients under {@code io.mink.spark.shaded.}, so a login module in {@code sasl.jaas.config}, an
 * assignor or a config provider written with Kafka's own package name would not be found there: each such name is
 * rewritten to the relocated package. On an unrelocated classpath the settings stay as they are.
 */
final class KafkaClassNames {
  /**
   * Kafka's own package, {@code org.apache.kafka.}, built at run time: the shade step rewrites constant strings that
   * name a relocated package, and this one must keep the name a user writes.
   */
  static final String KAFKA_PACKAGE = String.join(".", "org", "apache", "kafka", "");

  private KafkaClassNames() {}

  /** The package Kafka's clients have here: {@link #KAFKA_PACKAGE}, or its relocated name in the runtime jar. */
  static String packageHere() {
    String consumer = KafkaConsumer.class.getName();
    return consumer.substring(0, consumer.length() - "clients.consumer.KafkaConsumer".length());
  }

  /** The configuration with Kafka's class names in its {@code [kafka]} settings moved to {@link #packageHere()}. */
  static MinkConfig relocated(MinkConfig config) {
    String here = packageHere();
    if (here.equals(KAFKA_PACKAGE)) {
      return config;
    }
    Map<String, String> kafka = new TreeMap<>();
    config.kafka().forEach((key, value) -> kafka.put(key, relocate(value, here)));
    return new MinkConfig(
        kafka,
        config.lake(),
        config.embeddedLake(),
        config.indexer(),
        config.schemaRegistry(),
        config.monitoring(),
        config.writerMemory(),
        config.minkTopics(),
        config.query());
  }

  /**
   * {@code value} with each {@link #KAFKA_PACKAGE} name moved to {@code kafkaPackage}; a name that already has it is
   * left as it is.
   */
  static String relocate(String value, String kafkaPackage) {
    requireNonNull(value, "value is null");
    requireNonNull(kafkaPackage, "kafkaPackage is null");
    if (!kafkaPackage.endsWith(KAFKA_PACKAGE)) {
      throw new IllegalArgumentException(
          "Kafka's package " + kafkaPackage + " does not end with " + KAFKA_PACKAGE);
    }
    String prefix = kafkaPackage.substring(0, kafkaPackage.length() - KAFKA_PACKAGE.length());
    StringBuilder out = new StringBuilder(value.length());
    int from = 0;
    for (int at = value.indexOf(KAFKA_PACKAGE);
        at >= 0;
        at = value.indexOf(KAFKA_PACKAGE, at + 1)) {
      boolean relocatedAlready =
          at >= prefix.length() && value.startsWith(prefix, at - prefix.length());
      if (!relocatedAlready && !prefix.isEmpty()) {
        out.append(value, from, at).append(prefix);
        from = at;
      }
    }
    return out.append(value, from, value.length()).toString();
  }
}
