package io.mink.cli.read;

/**
 * How {@code mink read} prints rows: {@code table} for people, {@code json} (one object per line) and {@code csv}
 * for scripts, {@code arrow} (an Arrow IPC stream) for programs. The constants are the values users type, hence
 * lower case.
 */
public enum ReadOutput {
  table,
  json,
  csv,
  arrow
}
