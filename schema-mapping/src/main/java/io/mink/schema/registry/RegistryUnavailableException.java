package io.mink.schema.registry;

import static java.util.Objects.requireNonNull;

/**
 * The registry could not say whether a schema exists: it is down, refused or timed out the
 * connection, answered 5xx or 429, rejected our credentials, or answered something that is not a
 * schema registry's answer. Records are never turned raw for this; the caller waits and retries.
 */
public final class RegistryUnavailableException extends Exception {
  private static final long serialVersionUID = 1L;

  /** Who has to act. */
  public enum Fault {
    /** The registry or the network is down or overloaded: retrying with backoff is enough. */
    EXTERNAL,
    /**
     * Mink's registry settings do not work with this registry (credentials refused, TLS trust
     * failed, a URL that is not a registry): retrying goes on, but an operator must fix the settings.
     */
    CONFIGURATION
  }

  private final Fault fault;

  public RegistryUnavailableException(String message) {
    this(Fault.EXTERNAL, message, null);
  }

  public RegistryUnavailableException(String message, Throwable cause) {
    this(Fault.EXTERNAL, message, cause);
  }

  public RegistryUnavailableException(Fault fault, String message, Throwable cause) {
    super(message, cause);
    this.fault = requireNonNull(fault, "fault is null");
  }

  public Fault fault() {
    return fault;
  }
}
