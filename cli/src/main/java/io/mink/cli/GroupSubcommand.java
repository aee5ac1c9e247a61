package io.mink.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** A command of a group, such as {@code mink table add}: it reads the config and prints text or JSON. */
abstract class GroupSubcommand implements Callable<Integer> {
  @ParentCommand
  GroupCommand parent;

  @Mixin
  ConfigOptions config;

  @Mixin
  OutputOptions output;

  Environment environment() {
    return parent.environment();
  }
}
