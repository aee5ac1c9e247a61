package io.mink.indexer.config;

import java.util.Collections;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/** The names the [kafka] section accepts: every consumer, producer and admin client property. */
final class KafkaPropertyNames {
  /** Prefixes under which Kafka hands properties on to plugins: login modules, SSL engines, metric reporters, config providers. */
  static final List<String> PASS_THROUGH_PREFIXES =
      List.of("sasl.", "ssl.", "metrics.", "config.providers.");

  private static final SortedSet<String> KNOWN = known();

  private KafkaPropertyNames() {}

  static boolean isClientProperty(String name) {
    return KNOWN.contains(name) || PASS_THROUGH_PREFIXES.stream().anyMatch(name::startsWith);
  }

  /**
   * Rejects a name that is no Kafka client property.
   *
   * @param location where the name was written, such as "in [kafka] of /etc/mink.toml"
   * @param spelling how a property name is written at that location, to spell the suggestion the same way
   */
  static void requireClientProperty(String name, String location, UnaryOperator<String> spelling) {
    if (isClientProperty(name)) {
      return;
    }
    String advice = ClosestName.among(name, KNOWN)
        .map(closest -> "did you mean " + spelling.apply(closest) + "?")
        .orElse("use a consumer, producer or admin client property, such as "
            + spelling.apply("bootstrap.servers"));
    throw new ConfigException("Unknown Kafka property '" + name + "' " + location
        + ": it is not a Kafka client property; " + advice);
  }

  static SortedSet<String> known() {
    SortedSet<String> names = new TreeSet<>(ConsumerConfig.configNames());
    names.addAll(ProducerConfig.configNames());
    names.addAll(AdminClientConfig.configNames());
    return Collections.unmodifiableSortedSet(names);
  }
}
