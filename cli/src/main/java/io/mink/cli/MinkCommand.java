package io.mink.cli;

import picocli.CommandLine.Command;

@Command(name = "mink", mixinStandardHelpOptions = true, version = "mink 0.1.0",
    description = "Kafka topics as Iceberg tables.",
    subcommands = {ServeCommand.class, TableCommand.class},
    footer = {"", "Exit codes: 0 ok, 1 internal error, 2 bad arguments, 3 bad configuration,",
        "4 conflict or unknown topic, 5 Kafka or catalog unavailable.",
        "", "Examples:",
        "  mink serve --config mink.toml",
        "  mink table add orders --freshness 1m"})
final class MinkCommand {
  private final Environment environment;

  MinkCommand(Environment environment) {
    this.environment = environment;
  }

  Environment environment() {
    return environment;
  }
}
