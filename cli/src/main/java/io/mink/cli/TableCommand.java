package io.mink.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.ParentCommand;

@Command(name = "table", description = "Add and inspect the tables Mink indexes.",
    subcommands = {TableAddCommand.class, TableResumeCommand.class})
final class TableCommand implements Callable<Integer> {
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
