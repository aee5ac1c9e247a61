package io.mink.schema.secret;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The secret values of the configurations this process loaded, for the places where text from elsewhere, such as a
 * library's exception message, goes out: the logs, the status topic and command output. A process adds its
 * configuration's values once it is loaded; they stay for the life of the process.
 */
public final class KnownSecrets {
  private static final AtomicReference<List<String>> VALUES = new AtomicReference<>(List.of());

  private KnownSecrets() {}

  /** Adds the values to those hidden from now on. */
  public static void add(SecretValues values) {
    VALUES.updateAndGet(
        known -> new SecretValues().addAll(known).addAll(values.values()).values());
  }

  /** The text with every known secret value hidden, and the secrets of URLs in it too. */
  public static String scrub(String text) {
    return SecretValues.scrub(text, VALUES.get());
  }
}
