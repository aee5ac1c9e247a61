package io.mink.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

@Command(name = "table", description = "Add and inspect the tables Mink indexes.",
    subcommands = {TableAddCommand.class})
final class TableCommand {
  @ParentCommand
  MinkCommand parent;

  Environment environment() {
    return parent.environment();
  }
}
