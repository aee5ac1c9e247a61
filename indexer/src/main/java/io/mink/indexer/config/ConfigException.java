package io.mink.indexer.config;

/**
 * A user error in the configuration: a file, an environment variable or an override that Mink cannot use.
 * The message names the setting and where it came from, and says what to write instead.
 */
public final class ConfigException extends RuntimeException {
  public ConfigException(String message) {
    super(message);
  }

  public ConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
