package io.mink.cli;

import static java.util.Objects.requireNonNull;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;

/** What a command sees of the world: its variables, working directory and output streams. */
public record Environment(Map<String, String> variables, Path workingDirectory, PrintWriter out, PrintWriter err) {
  public Environment {
    variables = Map.copyOf(requireNonNull(variables, "variables is null"));
    requireNonNull(workingDirectory, "workingDirectory is null");
    requireNonNull(out, "out is null");
    requireNonNull(err, "err is null");
  }

  public static Environment system() {
    return new Environment(System.getenv(), Path.of("").toAbsolutePath(),
        new PrintWriter(System.out, true), new PrintWriter(System.err, true));
  }
}
