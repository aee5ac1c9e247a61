package io.mink.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine;

/** The Kafka settings a command would use for given options, read without running the command. */
final class ConfigOptionsProbe {
  private ConfigOptionsProbe() {}

  static Map<String, String> kafkaSettings(
      Path workingDirectory, Map<String, String> variables, String... args) {
    ConfigOptions options = new ConfigOptions();
    new CommandLine(options).parseArgs(args);
    StringWriter sink = new StringWriter();
    return options
        .load(new Environment(
            variables, workingDirectory, new PrintWriter(sink), new PrintWriter(sink)))
        .kafka();
  }
}
