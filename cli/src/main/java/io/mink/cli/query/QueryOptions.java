package io.mink.cli.query;

import io.mink.cli.ConfigOptions;
import io.mink.cli.Environment;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.config.MinkConfigLoader;
import io.mink.indexer.errors.MinkException;
import io.mink.query.sql.QuerySettings;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options every mink-query command shares: the mink commands' config options and the database. */
final class QueryOptions {
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  @Mixin
  ConfigOptions config;

  @Option(
      names = {"-d", "--database"},
      paramLabel = "NS",
      description =
          "The namespace unqualified table names resolve in (default: [query] database, else the [indexer] "
              + "namespace, kafka)")
  String database;

  /** The configuration of --config, else $MINK_QUERY_CONFIG, else $MINK_CONFIG, with the variables and flags. */
  MinkConfig load(Environment environment) {
    return config.load(
        environment,
        List.of(MinkConfigLoader.QUERY_CONFIG_VARIABLE, ConfigOptions.CONFIG_VARIABLE));
  }

  /** The engine's settings: [query], with the database of -d, else of [query], else the [indexer] namespace. */
  QuerySettings settings(MinkConfig config) {
    if (database != null && !IDENTIFIER.matcher(database).matches()) {
      throw MinkException.user(
          "Invalid --database '" + database + "': use a namespace of letters, digits"
              + " and underscores, not starting with a digit, such as kafka");
    }
    String namespace = database != null
        ? database
        : config.query().database().orElse(config.indexer().namespace());
    return new QuerySettings(
        namespace,
        config.query().batchSize(),
        config.query().targetPartitions(),
        config.query().memoryLimitBytes());
  }
}
