package io.mink.cli.query;

import io.mink.cli.Environment;
import io.mink.cli.ExitCode;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.errors.MinkException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "exec",
    description = "Run SQL statements, separated by ';', in order, and print each one's rows.",
    footer = {
      "",
      "Examples:",
      "  mink-query exec -e \"SELECT count(*) FROM orders\"",
      "  mink-query exec -e \"SELECT status, count(*) FROM kafka.orders GROUP BY status\" --format json",
      "  mink-query exec -f report.sql --format csv > report.csv",
      "  echo \"SHOW TABLES;\" | mink-query exec",
      "",
      "Each statement reads one lake snapshot and each partition's Kafka tail as of its start.",
      "Rows go to stdout; after each statement a line such as \"3 rows in 0.12 s\" goes to stderr.",
      "The first statement that fails stops the run with its exit code."
    })
final class ExecCommand implements Callable<Integer> {
  @ParentCommand
  MinkQueryCommand parent;

  @Mixin
  QueryOptions options;

  @Option(
      names = {"-e", "--execute"},
      paramLabel = "SQL",
      description = "The statements to run")
  String sql;

  @Option(
      names = {"-f", "--file"},
      paramLabel = "FILE",
      description = "A file of statements to run")
  Path file;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "table",
      description =
          "table (aligned text, the default), json (one object per row and line) or csv (RFC 4180)")
  ResultFormat format;

  @Override
  public Integer call() {
    QueryConsole console = parent.console();
    Environment environment = console.environment();
    List<String> statements = statements(console);
    MinkConfig config = options.load(environment);
    try (QuerySession session = QuerySession.open(config, options.settings(config))) {
      new StatementRunner(session, format, environment.bytes(), environment.err())
          .runAll(statements);
    }
    return ExitCode.OK.code();
  }

  private List<String> statements(QueryConsole console) {
    if (sql != null && file != null) {
      throw MinkException.user("-e and -f both give the SQL to run: give one of them");
    }
    if (sql != null) {
      return StatementSource.statements(sql, "-e");
    }
    if (file != null) {
      Path path = console.environment().workingDirectory().resolve(file);
      return StatementSource.statements(StatementSource.file(path), path.toString());
    }
    if (console.stdinTerminal()) {
      throw MinkException.user(
          "No SQL to run: give it with -e \"SELECT ...\", with -f FILE or on stdin, or run mink-query shell");
    }
    return StatementSource.statements(StatementSource.stdin(console.stdin()), "stdin");
  }
}
