package io.mink.cli;

import io.mink.testkit.KafkaBroker;

/**
 * One in-process broker for the crash and outage tests of a test JVM, started by the first of them and stopped when
 * the JVM's test run ends ({@link SharedBrokerStop}), so that the classes after the first skip a broker's start. Each
 * class keeps to topics, a tables topic, Mink topics and a group of its own on it, and none stops or restarts it:
 * they share the broker's start and nothing else. Registered as a class's extension it does nothing, as it was not
 * started for that class.
 */
final class SharedBroker {
  static final KafkaBroker KAFKA = SharedBrokerStop.stopAtEndOfRun(new KafkaBroker().start());

  private SharedBroker() {}
}
