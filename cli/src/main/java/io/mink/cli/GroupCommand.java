package io.mink.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** A command that only groups others, such as {@code mink table}: run alone, it prints its usage. */
abstract class GroupCommand implements Callable<Integer> {
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
