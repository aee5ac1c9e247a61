package io.mink.cli;

import picocli.CommandLine.Command;

@Command(
    name = "cluster",
    description = "Look at the sidecar instances and the tables they tier.",
    subcommands = {ClusterStatsCommand.class},
    footer = {
      "",
      "Examples:",
      "  mink cluster stats --config mink.toml",
      "",
      "Run mink cluster COMMAND --help for a command's options."
    })
final class ClusterCommand extends GroupCommand {}
