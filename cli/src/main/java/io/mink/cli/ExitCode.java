package io.mink.cli;

import io.mink.indexer.config.ConfigException;
import io.mink.indexer.errors.ErrorCategories;

/** The exit codes of the mink command, documented in docs/cli.md: a failure's follows from its category. */
public enum ExitCode {
  OK(0),
  INTERNAL_ERROR(1),
  USAGE(2),
  CONFIG(3),
  CONFLICT(4),
  UNAVAILABLE(5);

  private final int code;

  ExitCode(int code) {
    this.code = code;
  }

  public int code() {
    return code;
  }

  /**
   * The exit code of a failed command: a user error in the config file is 3, any other by its category; a gap, which
   * needs an operator's decision, is a conflict with the table's state.
   */
  public static ExitCode of(Throwable failure) {
    if (failure instanceof ConfigException) {
      return CONFIG;
    }
    return switch (ErrorCategories.of(failure)) {
      case USER -> USAGE;
      case CONFLICT, DATA_LOSS -> CONFLICT;
      case EXTERNAL -> UNAVAILABLE;
      case INTERNAL -> INTERNAL_ERROR;
    };
  }
}
