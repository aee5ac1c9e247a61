package io.mink.cli;

import static java.util.Objects.requireNonNull;

import io.mink.cli.operations.Progress;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.Map;

/**
 * What a command sees of the world: its variables, working directory and output streams.
 *
 * @param terminal whether {@code out} is a terminal, where views such as {@code mink table show --watch} redraw in
 *     place; otherwise they print one block per refresh
 */
public record Environment(
    Map<String, String> variables,
    Path workingDirectory,
    PrintWriter out,
    PrintWriter err,
    boolean terminal) {
  public Environment {
    variables = Map.copyOf(requireNonNull(variables, "variables is null"));
    requireNonNull(workingDirectory, "workingDirectory is null");
    requireNonNull(out, "out is null");
    requireNonNull(err, "err is null");
  }

  /** An environment whose output is no terminal, as in a script or a test. */
  public Environment(
      Map<String, String> variables, Path workingDirectory, PrintWriter out, PrintWriter err) {
    this(variables, workingDirectory, out, err, false);
  }

  // Java 17 has no Console.isTerminal(): there a null console is how a redirected output shows
  @SuppressWarnings("SystemConsoleNull")
  public static Environment system() {
    return new Environment(
        System.getenv(),
        Path.of("").toAbsolutePath(),
        new PrintWriter(System.out, true, Charset.defaultCharset()),
        new PrintWriter(System.err, true, Charset.defaultCharset()),
        System.console() != null);
  }

  /** Notes of an operation that waits, one line each on stderr. */
  public Progress progress() {
    return line -> {
      err.println(line);
      err.flush();
    };
  }
}
