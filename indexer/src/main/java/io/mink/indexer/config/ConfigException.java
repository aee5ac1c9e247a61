package io.mink.indexer.config;

import io.mink.indexer.errors.ErrorCategory;
import io.mink.indexer.errors.MinkException;

/**
 * A user error in the configuration: a file, an environment variable or an override that Mink cannot use.
 * The message names the setting and where it came from, and says what to write instead.
 */
public final class ConfigException extends MinkException {
  public ConfigException(String message) {
    super(ErrorCategory.USER, message);
  }

  public ConfigException(String message, Throwable cause) {
    super(ErrorCategory.USER, message, cause);
  }
}
