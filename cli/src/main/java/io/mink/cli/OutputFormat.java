package io.mink.cli;

/**
 * How a command prints its result: {@code --output table} for people, {@code --output json} for scripts. The
 * constants are the values users type, hence lower case.
 */
enum OutputFormat {
  table,
  json
}
