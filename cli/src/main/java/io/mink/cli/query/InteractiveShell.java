package io.mink.cli.query;

import io.mink.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The shell on a terminal: JLine's line editing and a history kept in {@link #HISTORY_FILE} in the home directory.
 * Lines gather until a semicolon ends a statement; a backslash command is taken at the start of a statement. A
 * statement that fails prints its error and the shell goes on.
 */
final class InteractiveShell {
  static final String HISTORY_FILE = ".mink_query_history";
  private static final String PROMPT = "mink> ";
  private static final String CONTINUATION = "   -> ";

  private final StatementRunner runner;
  private final ShellMetaCommands meta;
  private final PrintWriter err;
  private final Path home;

  InteractiveShell(StatementRunner runner, ShellMetaCommands meta, PrintWriter err, Path home) {
    this.runner = runner;
    this.meta = meta;
    this.err = err;
    this.home = home;
  }

  void run(String database) {
    try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
      LineReader reader = LineReaderBuilder.builder()
          .terminal(terminal)
          .appName("mink-query")
          .variable(LineReader.HISTORY_FILE, home.resolve(HISTORY_FILE))
          .build();
      err.println("mink-query shell on database " + database
          + ": end statements with ';', \\? for help, \\q to quit");
      err.flush();
      readStatements(reader);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open the terminal: " + e.getMessage(), e);
    }
  }

  private void readStatements(LineReader reader) {
    StringBuilder pending = new StringBuilder();
    while (true) {
      String line;
      try {
        line = reader.readLine(pending.isEmpty() ? PROMPT : CONTINUATION);
      } catch (UserInterruptException e) {
        pending.setLength(0);
        continue;
      } catch (EndOfFileException e) {
        return;
      }
      if (pending.isEmpty() && line.strip().startsWith("\\")) {
        if (!meta.run(line)) {
          return;
        }
        continue;
      }
      pending.append(line).append('\n');
      StatementSplitter.Split split = StatementSplitter.split(pending.toString());
      split.statements().forEach(this::runReportingErrors);
      pending.setLength(0);
      if (!split.rest().isEmpty()) {
        pending.append(split.rest()).append('\n');
      }
    }
  }

  private void runReportingErrors(String statement) {
    try {
      runner.run(statement);
    } catch (RuntimeException e) {
      Main.report(e, err);
      err.flush();
    }
  }
}
