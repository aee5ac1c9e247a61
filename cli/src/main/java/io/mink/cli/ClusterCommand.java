package io.mink.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "cluster", description = "Look at the sidecar instances and the tables they tier.",
    subcommands = {ClusterStatsCommand.class},
    footer = {"", "Examples:",
        "  mink cluster stats --config mink.toml",
        "", "Run mink cluster COMMAND --help for a command's options."})
final class ClusterCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @ParentCommand
  MinkCommand parent;

  Environment environment() {
    return parent.environment();
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCode.USAGE.code();
  }
}
