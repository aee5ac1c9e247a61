package io.mink.cli;

/** The exit codes of the mink command, documented in docs/cli.md. */
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
}
