package io.mink.cli;

import io.mink.testkit.KafkaBroker;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Stops {@link SharedBroker} when the JUnit launcher session of the test JVM closes, after its last test and before
 * the JVM exits (registered in META-INF/services).
 *
 * <p>A shutdown hook is too late: Kafka's test kit deletes the broker's directories from shutdown hooks of its own,
 * which run at the same time, and a broker whose log directory vanishes halts the JVM with exit code 1 after every
 * test passed. The hook stays as a fallback for runs without a launcher session.
 */
public final class SharedBrokerStop implements LauncherSessionListener {
  private static final AtomicReference<KafkaBroker> STARTED = new AtomicReference<>();

  /** Returns {@code broker}, to be stopped when the session closes (or, without one, when the JVM exits). */
  static KafkaBroker stopAtEndOfRun(KafkaBroker broker) {
    if (!STARTED.compareAndSet(null, broker)) {
      throw new IllegalStateException("The shared broker of this test JVM was already started");
    }
    Runtime.getRuntime().addShutdownHook(new Thread(broker::close, "shared-kafka-broker-stop"));
    return broker;
  }

  @Override
  public void launcherSessionClosed(LauncherSession session) {
    KafkaBroker broker = STARTED.getAndSet(null);
    if (broker != null) {
      broker.close();
    }
  }
}
