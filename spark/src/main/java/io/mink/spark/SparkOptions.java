package io.mink.spark;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.config.ConfigException;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.config.MinkConfigLoader;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The options of the catalog ({@code spark.sql.catalog.mink.*}) as Mink's configuration: {@value #CONFIG} names the
 * TOML file, every other option is a Mink key by section, such as {@code kafka.bootstrap.servers} or {@code
 * lake.uri}, applied over the file and the {@code MINK_*} variables as {@code --bootstrap} is. Serializable, so that
 * the executors load the same configuration the driver did; the file must be readable there too.
 */
public record SparkOptions(Map<String, String> options) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The option that names Mink's TOML config file. */
  public static final String CONFIG = "config";

  public SparkOptions {
    options = Map.copyOf(new TreeMap<>(requireNonNull(options, "options is null")));
  }

  /**
   * Mink's configuration of these options, Kafka's class names in {@code [kafka]} named as Kafka's classes are here
   * ({@link KafkaClassNames}).
   *
   * @throws ConfigException when it cannot be used; the message says which option to change
   */
  public MinkConfig load() {
    Map<String, String> overrides = new TreeMap<>(options);
    String file = overrides.remove(CONFIG);
    try {
      return KafkaClassNames.relocated(MinkConfigLoader.load(
          file == null ? null : Path.of(file),
          System.getenv(),
          Path.of("").toAbsolutePath(),
          overrides));
    } catch (ConfigException e) {
      throw new ConfigException(
          e.getMessage()
              + " (Spark: set the option as spark.sql.catalog.<catalog>.<section>.<key>, or name "
              + "Mink's config file with spark.sql.catalog.<catalog>.config)",
          e);
    }
  }

  /** The options with secret values hidden, for messages and plans. */
  @Override
  public String toString() {
    return "SparkOptions" + options.keySet();
  }
}
