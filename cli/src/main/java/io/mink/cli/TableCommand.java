package io.mink.cli;

import picocli.CommandLine.Command;

@Command(
    name = "table",
    description = "Add, inspect, change and remove the tables Mink indexes.",
    subcommands = {
      TableAddCommand.class,
      TableListCommand.class,
      TableShowCommand.class,
      TableAlterCommand.class,
      TableRemoveCommand.class,
      TableResumeCommand.class,
      TableRedecodeCommand.class,
      TableAuditCommand.class
    },
    footer = {
      "",
      "Examples:",
      "  mink table add orders --freshness 1m",
      "  mink table list --all",
      "  mink table show kafka.orders --watch",
      "  mink table alter kafka.orders --freshness 30s",
      "  mink table remove kafka.orders --yes",
      "  mink table redecode kafka.orders",
      "  mink table audit kafka.orders",
      "",
      "Run mink table COMMAND --help for a command's options."
    })
final class TableCommand extends GroupCommand {}
