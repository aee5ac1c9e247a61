package io.mink.indexer.config;

import io.mink.schema.secret.Secrets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The Kafka client properties Mink sets itself because exactly once, its ownership group or its own topics depend on
 * them. A [kafka] value that would change one is refused with the reason, instead of being silently replaced; a value
 * equal to Mink's own is accepted. Every other property is passed to every client, and the tiering consumer's fetch
 * sizes (fetch.max.bytes, max.partition.fetch.bytes, max.poll.records, receive.buffer.bytes) take [kafka]'s value over
 * Mink's default, as does fetch.max.wait.ms.
 */
final class KafkaPropertyPolicy {
  /** A property Mink sets: the values it accepts (empty: none) and why. */
  record Owned(Set<String> accepted, String reason) {}

  static final Map<String, Owned> OWNED = Map.ofEntries(
      Map.entry(
          "isolation.level",
          new Owned(
              Set.of("read_committed"),
              "Mink reads read_committed, so records of aborted transactions never become rows")),
      Map.entry(
          "enable.auto.commit",
          new Owned(
              Set.of("false"),
              "offsets come from the lake's snapshots; Mink writes the group's offsets itself after each commit")),
      Map.entry(
          "auto.offset.reset",
          new Owned(
              Set.of(),
              "Mink seeks to the offsets the lake records; a new table starts at the log start")),
      Map.entry(
          "allow.auto.create.topics",
          new Owned(
              Set.of("false"),
              "Mink never creates a topic by looking it up, so a deleted topic stays deleted")),
      Map.entry("group.id", new Owned(Set.of(), "set [indexer] group_id instead")),
      Map.entry(
          "group.instance.id",
          new Owned(
              Set.of(),
              "instances of one group share its tables; one static id for all of them would fence them")),
      Map.entry(
          "group.protocol",
          new Owned(
              Set.of("classic"),
              "Mink's ownership group runs the classic protocol with cooperative sticky assignment")),
      Map.entry(
          "partition.assignment.strategy",
          new Owned(
              Set.of(),
              "Mink's ownership group runs the classic protocol with cooperative sticky assignment")),
      Map.entry("session.timeout.ms", new Owned(Set.of(), "set [indexer] session_timeout instead")),
      Map.entry(
          "heartbeat.interval.ms",
          new Owned(Set.of(), "Mink heartbeats three times per [indexer] session_timeout")),
      Map.entry("acks", new Owned(Set.of("all", "-1"), "Mink writes its own topics with acks=all")),
      Map.entry(
          "enable.idempotence",
          new Owned(Set.of("true"), "the tables topic's transactions need idempotent producers")),
      Map.entry(
          "transactional.id",
          new Owned(
              Set.of(),
              "every change to the tables topic uses the transactional id <tables_topic>-writer")),
      Map.entry("key.deserializer", new Owned(Set.of(), "Mink reads raw bytes")),
      Map.entry("value.deserializer", new Owned(Set.of(), "Mink reads raw bytes")),
      Map.entry("key.serializer", new Owned(Set.of(), "Mink writes raw bytes")),
      Map.entry("value.serializer", new Owned(Set.of(), "Mink writes raw bytes")));

  private KafkaPropertyPolicy() {}

  /**
   * Refuses a value Mink cannot honour.
   *
   * @param location where it was written, such as "in [kafka] of /etc/mink.toml" or "in MINK_KAFKA_ACKS"
   */
  static void requireAllowed(String property, String value, String location) {
    Owned owned = OWNED.get(property);
    if (owned == null || owned.accepted().contains(value.trim().toLowerCase(Locale.ROOT))) {
      return;
    }
    throw new ConfigException("Kafka property '" + property + "' " + location + " cannot be set"
        + (owned.accepted().isEmpty() ? "" : " to '" + Secrets.shown(property, value) + "'") + ": "
        + owned.reason()
        + ". Remove it");
  }
}
