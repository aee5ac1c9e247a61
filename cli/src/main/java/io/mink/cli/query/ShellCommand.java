package io.mink.cli.query;

import io.mink.cli.Environment;
import io.mink.cli.ExitCode;
import io.mink.indexer.config.MinkConfig;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "shell",
    description = "Type SQL statements and see their rows, with line editing and history.",
    footer = {
      "",
      "Examples:",
      "  mink-query shell",
      "  mink-query shell -d kafka --config mink.toml",
      "  mink-query shell < report.sql",
      "",
      "Statements end with ';' and may span lines. \\d lists the tables, \\d TABLE shows a table's",
      "columns, \\? helps, \\q quits. The history is kept in ~/.mink_query_history. Without a",
      "terminal on stdin the shell runs the statements there as mink-query exec does."
    })
final class ShellCommand implements Callable<Integer> {
  @ParentCommand
  MinkQueryCommand parent;

  @Mixin
  QueryOptions options;

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
    List<String> statements = console.stdinTerminal()
        ? List.of()
        : StatementSource.statements(StatementSource.stdin(console.stdin()), "stdin");
    MinkConfig config = options.load(environment);
    try (QuerySession session = QuerySession.open(config, options.settings(config))) {
      StatementRunner runner =
          new StatementRunner(session, format, environment.bytes(), environment.err());
      if (!console.stdinTerminal()) {
        runner.runAll(statements);
        return ExitCode.OK.code();
      }
      PrintWriter out = new PrintWriter(environment.bytes(), true, StandardCharsets.UTF_8);
      ShellMetaCommands meta = ShellMetaCommands.of(session.engine(), out);
      new InteractiveShell(runner, meta, environment.err(), home())
          .run(session.engine().database());
    }
    return ExitCode.OK.code();
  }

  private static Path home() {
    return Path.of(System.getProperty("user.home"));
  }
}
