package io.mink.cli;

import static java.util.Objects.requireNonNull;

import io.mink.cli.operations.Progress;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * What a command sees of the world: its variables, working directory and output streams.
 *
 * @param terminal whether {@code out} is a terminal, where views such as {@code mink table show --watch} redraw in
 *     place; otherwise they print one block per refresh
 * @param bytes stdout as bytes, for output that is no text ({@code mink read --output arrow}) or is written fast
 * @param errTerminal whether {@code err} is a terminal, where a long read draws its progress
 */
public record Environment(
    Map<String, String> variables,
    Path workingDirectory,
    PrintWriter out,
    PrintWriter err,
    boolean terminal,
    OutputStream bytes,
    boolean errTerminal) {
  public Environment {
    variables = Map.copyOf(requireNonNull(variables, "variables is null"));
    requireNonNull(workingDirectory, "workingDirectory is null");
    requireNonNull(out, "out is null");
    requireNonNull(err, "err is null");
    requireNonNull(bytes, "bytes is null");
  }

  /** An environment whose bytes go to {@code out} as UTF-8 text and whose stderr is no terminal. */
  public Environment(
      Map<String, String> variables,
      Path workingDirectory,
      PrintWriter out,
      PrintWriter err,
      boolean terminal) {
    this(variables, workingDirectory, out, err, terminal, new WriterOutputStream(out), false);
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
        System.console() != null,
        new FileOutputStream(FileDescriptor.out),
        isTerminal(2));
  }

  /**
   * This environment with its text output, messages and errors, hiding the known secrets of the loaded configuration;
   * the data written to {@link #bytes()} passes as it is.
   */
  public Environment hidingSecrets() {
    return new Environment(
        variables,
        workingDirectory,
        new PrintWriter(new ScrubbingWriter(out), true),
        new PrintWriter(new ScrubbingWriter(err), true),
        terminal,
        bytes,
        errTerminal);
  }

  /** Whether the file descriptor (0 stdin, 1 stdout, 2 stderr) is a terminal, where Linux tells; false elsewhere. */
  public static boolean isTerminal(int descriptor) {
    try {
      String target =
          Files.readSymbolicLink(Path.of("/proc/self/fd/" + descriptor)).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return false;
    }
  }

  /** Notes of an operation that waits, one line each on stderr. */
  public Progress progress() {
    return line -> {
      err.println(line);
      err.flush();
    };
  }
}
