package io.mink.cli;

import io.mink.cli.operations.Connections;
import io.mink.indexer.config.ConfigException;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.config.MinkConfigLoader;
import io.mink.schema.secret.KnownSecrets;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import picocli.CommandLine.Option;

/** The options every command that talks to Kafka and the lake shares, as in Kafka's own tools. */
public final class ConfigOptions {
  private static final String ADVICE =
      "pass a readable Java properties file of Kafka client settings, such as "
          + "security.protocol=SASL_SSL, with --command-config";

  /** The variable that names the config file when --config does not. */
  public static final String CONFIG_VARIABLE = "MINK_CONFIG";

  @Option(
      names = {"-c", "--config"},
      paramLabel = "FILE",
      description =
          "The TOML config file (default: $MINK_CONFIG, else none: MINK_* variables and the embedded lake "
              + "apply)")
  Path configFile;

  @Option(
      names = {"-b", "--bootstrap", "--bootstrap-server"},
      paramLabel = "SERVERS",
      description = "Kafka bootstrap servers, overriding [kafka] bootstrap.servers")
  String bootstrap;

  @Option(
      names = "--command-config",
      paramLabel = "FILE",
      description =
          "A Java properties file of Kafka client settings (security.protocol, sasl.*, ssl.*, ...), "
              + "as Kafka's tools take it, over the [kafka] section")
  Path commandConfig;

  private MinkConfig loaded;

  MinkConfig load(Environment environment) {
    return load(environment, List.of(CONFIG_VARIABLE));
  }

  /**
   * The configuration of the file --config names, else of the first of {@code configVariables} that is set, then
   * the environment, --command-config and --bootstrap.
   */
  public MinkConfig load(Environment environment, List<String> configVariables) {
    Map<String, String> clientSettings =
        commandConfig == null ? Map.of() : readCommandConfig(environment);
    Map<String, String> overrides = new HashMap<>();
    if (bootstrap != null) {
      overrides.put("kafka." + MinkConfigLoader.BOOTSTRAP_SERVERS, bootstrap);
    }
    Path file = configFile(environment, configVariables);
    MinkConfig config;
    try {
      config = MinkConfigLoader.load(
          file, environment.variables(), environment.workingDirectory(), overrides);
    } catch (ConfigException e) {
      throw new ConfigException(e.getMessage(), e);
    }
    loaded = clientSettings.isEmpty() ? config : withClientSettings(config, clientSettings);
    KnownSecrets.add(loaded.secretValues());
    return loaded;
  }

  /** The configuration {@link #load} returned last; empty before it did. */
  public Optional<MinkConfig> loaded() {
    return Optional.ofNullable(loaded);
  }

  /** The config file of --config, else of the first variable that is set; null when none names one. */
  private Path configFile(Environment environment, List<String> configVariables) {
    if (configFile != null) {
      return environment.workingDirectory().resolve(configFile);
    }
    for (String name : configVariables) {
      String variable = environment.variables().get(name);
      if (variable != null && !variable.isBlank()) {
        Path file = environment.workingDirectory().resolve(variable.strip());
        if (!Files.isRegularFile(file)) {
          throw new ConfigException("Config file " + file + " named by " + name
              + " does not exist: point " + name
              + " at an existing file, pass one with --config, or"
              + " unset " + name + " to use the defaults");
        }
        return file;
      }
    }
    return null;
  }

  /** The config with the command config's settings over [kafka]; --bootstrap still wins over both. */
  private MinkConfig withClientSettings(MinkConfig config, Map<String, String> clientSettings) {
    Map<String, String> kafka = new TreeMap<>(config.kafka());
    kafka.putAll(clientSettings);
    if (bootstrap != null) {
      kafka.put(MinkConfigLoader.BOOTSTRAP_SERVERS, bootstrap);
    }
    return new MinkConfig(
        kafka,
        config.lake(),
        config.embeddedLake(),
        config.indexer(),
        config.schemaRegistry(),
        config.monitoring(),
        config.writerMemory(),
        config.minkTopics(),
        config.query());
  }

  private Map<String, String> readCommandConfig(Environment environment) {
    Path file = environment.workingDirectory().resolve(commandConfig);
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      properties.load(reader);
    } catch (NoSuchFileException e) {
      throw new ConfigException("Command config file " + file + " does not exist: " + ADVICE, e);
    } catch (IOException | IllegalArgumentException e) {
      throw new ConfigException(
          "Cannot read the command config file " + file + " (" + Connections.rootMessage(e) + "): "
              + ADVICE,
          e);
    }
    Map<String, String> settings = new TreeMap<>();
    properties
        .stringPropertyNames()
        .forEach(name -> settings.put(name, properties.getProperty(name).strip()));
    return settings;
  }
}
