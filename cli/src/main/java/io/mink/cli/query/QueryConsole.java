package io.mink.cli.query;

import static java.util.Objects.requireNonNull;

import io.mink.cli.Environment;
import java.io.InputStream;

/**
 * What mink-query sees of the world: the environment of the mink commands, and stdin, from which {@code exec} and a
 * {@code shell} without a terminal read statements.
 *
 * @param stdinTerminal whether stdin is a terminal, where {@code shell} edits lines and {@code exec} reads no
 *     statements
 */
public record QueryConsole(Environment environment, InputStream stdin, boolean stdinTerminal) {
  public QueryConsole {
    requireNonNull(environment, "environment is null");
    requireNonNull(stdin, "stdin is null");
  }

  static QueryConsole system() {
    return new QueryConsole(Environment.system(), System.in, Environment.isTerminal(0));
  }
}
