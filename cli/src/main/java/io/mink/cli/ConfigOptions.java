package io.mink.cli;

import io.mink.indexer.config.ConfigException;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.config.MinkConfigLoader;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** The options every command that talks to Kafka and the lake shares, as in Kafka's own tools. */
final class ConfigOptions {
  @Option(names = {"-c", "--config"}, paramLabel = "FILE",
      description = "The TOML config file (default: none; MINK_* variables and the embedded lake apply)")
  Path configFile;

  @Option(names = {"-b", "--bootstrap", "--bootstrap-server"}, paramLabel = "SERVERS",
      description = "Kafka bootstrap servers, overriding [kafka] bootstrap.servers")
  String bootstrap;

  MinkConfig load(Environment environment) {
    Map<String, String> overrides = new HashMap<>();
    if (bootstrap != null) {
      overrides.put("kafka.bootstrap.servers", bootstrap);
    }
    Path file = configFile == null ? null : environment.workingDirectory().resolve(configFile);
    try {
      return MinkConfigLoader.load(file, environment.variables(), environment.workingDirectory(), overrides);
    } catch (ConfigException e) {
      throw new CommandFailure(ExitCode.CONFIG, e.getMessage(), e);
    }
  }
}
