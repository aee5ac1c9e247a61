package io.mink.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

@Command(name = "mink", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, version = "mink 0.1.0",
    description = "Kafka topics as Iceberg tables.",
    subcommands = {ServeCommand.class, TableCommand.class, ClusterCommand.class},
    footer = {"", "Exit codes: 0 ok, 1 internal error, 2 bad arguments, 3 bad configuration,",
        "4 conflict or unknown topic, 5 Kafka or catalog unavailable.",
        "", "Examples:",
        "  mink serve --config mink.toml",
        "  mink table add orders --freshness 1m"})
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
