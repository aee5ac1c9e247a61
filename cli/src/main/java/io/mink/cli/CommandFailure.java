package io.mink.cli;

import static java.util.Objects.requireNonNull;

/** A command that cannot do what was asked: the message says what is wrong and what to do. */
public class CommandFailure extends RuntimeException {
  private final ExitCode exitCode;

  public CommandFailure(ExitCode exitCode, String message) {
    super(message);
    this.exitCode = requireNonNull(exitCode, "exitCode is null");
  }

  public CommandFailure(ExitCode exitCode, String message, Throwable cause) {
    super(message, cause);
    this.exitCode = requireNonNull(exitCode, "exitCode is null");
  }

  public ExitCode exitCode() {
    return exitCode;
  }
}
