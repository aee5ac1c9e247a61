package io.mink.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

@Command(
    name = "mink",
    mixinStandardHelpOptions = true,
    scope = ScopeType.INHERIT,
    versionProvider = MinkVersion.class,
    description = "Kafka topics as Iceberg tables.",
    subcommands = {ServeCommand.class, TableCommand.class, ReadCommand.class, ClusterCommand.class},
    footer = {
      "",
      "Examples:",
      "  mink serve --config mink.toml",
      "  mink table add orders --freshness 1m",
      "  mink table list",
      "  mink table show kafka.orders --watch",
      "  mink read kafka.orders --limit 20",
      "  mink cluster stats",
      "",
      "Exit codes:",
      "  0  done",
      "  1  internal error (a bug: the message and stack trace go to stderr)",
      "  2  bad arguments (an unknown option, a bad duration, name or table option)",
      "  3  bad configuration (a missing config file or Kafka ACL, a bad key or value)",
      "  4  conflict (no such topic or table, already added, changed meanwhile)",
      "  5  unavailable (Kafka or the catalog does not answer, a wait ran out)",
      "",
      "Run mink COMMAND --help for a command's options; docs/cli.md has the details."
    })
final class MinkCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  private final Environment environment;

  MinkCommand(Environment environment) {
    this.environment = environment;
  }

  Environment environment() {
    return environment;
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCode.USAGE.code();
  }
}
