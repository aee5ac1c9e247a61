package io.mink.cli.query;

import io.mink.cli.ExitCode;
import io.mink.cli.MinkVersion;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

@Command(
    name = "mink-query",
    mixinStandardHelpOptions = true,
    scope = ScopeType.INHERIT,
    versionProvider = MinkVersion.class,
    description =
        "SQL over Mink's tables: each statement reads one lake snapshot and each partition's Kafka tail.",
    subcommands = {ExecCommand.class, ShellCommand.class, FlightServeCommand.class},
    footer = {
      "",
      "Examples:",
      "  mink-query exec -e \"SELECT count(*) FROM orders\"",
      "  mink-query exec -f report.sql --format csv > report.csv",
      "  mink-query shell -d kafka",
      "  mink-query serve --tls-cert query.crt --tls-key query.key --user analyst",
      "",
      "Exit codes:",
      "  0  done",
      "  1  internal error (a bug: the message and stack trace go to stderr)",
      "  2  bad SQL or bad arguments",
      "  3  bad configuration (a missing config file or Kafka ACL, a bad key or value)",
      "  4  a table that is not added, not indexing, or has no Iceberg table",
      "  5  unavailable (Kafka, the schema registry or the catalog does not answer)",
      "",
      "Run mink-query COMMAND --help for a command's options; docs/querying.md has the details."
    })
final class MinkQueryCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  private final QueryConsole console;

  MinkQueryCommand(QueryConsole console) {
    this.console = console;
  }

  QueryConsole console() {
    return console;
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCode.USAGE.code();
  }
}
