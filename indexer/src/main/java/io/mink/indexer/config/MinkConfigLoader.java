package io.mink.indexer.config;

import static java.util.Objects.requireNonNull;

import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.write.ParquetEncoder;
import io.mink.tables.MinkTopics;
import java.nio.file.Path;
import java.util.Map;

/**
 * Reads the configuration of the sidecar and of mink-query: the TOML file, then the MINK_KAFKA_*, MINK_LAKE_*,
 * MINK_INDEXER_*, MINK_SCHEMA_REGISTRY_* and MINK_QUERY_* environment variables, then the overrides, each replacing
 * what the one before set.
 */
public final class MinkConfigLoader {
  private static final java.util.List<String> ENCODERS =
      java.util.List.of("parquet-java", "duckdb");

  public static final String BOOTSTRAP_SERVERS = "bootstrap.servers";

  /** The variable that names mink-query's config file when --config does not: no key of [query]. */
  public static final String QUERY_CONFIG_VARIABLE = "MINK_QUERY_CONFIG";

  private MinkConfigLoader() {}

  /** Loads the configuration with no overrides. */
  public static MinkConfig load(
      Path fileOrNull, Map<String, String> environment, Path workingDirectory) {
    return load(fileOrNull, environment, workingDirectory, Map.of());
  }

  /**
   * Loads the configuration.
   *
   * @param fileOrNull the TOML file, resolved against {@code workingDirectory}; null to read none
   * @param environment the process environment; only the variables of the sections are read
   * @param workingDirectory where the embedded lake lives when nothing configures one
   * @param overrides settings by dotted key, applied last, such as {@code kafka.bootstrap.servers} from --bootstrap
   * @throws ConfigException when the configuration cannot be used; the message says what to change
   */
  public static MinkConfig load(
      Path fileOrNull,
      Map<String, String> environment,
      Path workingDirectory,
      Map<String, String> overrides) {
    requireNonNull(environment, "environment is null");
    requireNonNull(workingDirectory, "workingDirectory is null");
    requireNonNull(overrides, "overrides is null");
    CollectedSettings settings = new CollectedSettings();
    try {
      return load(fileOrNull, environment, workingDirectory, overrides, settings);
    } catch (ConfigException e) {
      String message = settings.secretValues().scrub(e.getMessage());
      throw message.equals(e.getMessage()) ? e : new ConfigException(message, e);
    }
  }

  private static MinkConfig load(
      Path fileOrNull,
      Map<String, String> environment,
      Path workingDirectory,
      Map<String, String> overrides,
      CollectedSettings settings) {
    if (fileOrNull != null) {
      ConfigFileReader.read(workingDirectory.resolve(fileOrNull), settings);
    }
    EnvironmentReader.read(environment, settings);
    OverrideReader.read(overrides, settings);

    String bootstrapServers = settings.kafka().get(BOOTSTRAP_SERVERS);
    if (bootstrapServers == null || bootstrapServers.isBlank()) {
      throw new ConfigException(
          "No Kafka bootstrap servers: set bootstrap.servers in [kafka] of the config file, or "
              + EnvironmentReader.KAFKA_PREFIX
              + EnvironmentReader.variableSuffix(BOOTSTRAP_SERVERS));
    }
    IndexerSettings indexer = indexer(settings);
    boolean embeddedLake = !settings.lakeConfigured();
    LakeSettings lake = embeddedLake
        ? LakeSettings.embedded(workingDirectory.resolve(LakeSettings.EMBEDDED_DIRECTORY))
        : LakeSection.resolve(settings);
    return new MinkConfig(
        settings.kafka(),
        lake,
        embeddedLake,
        indexer,
        SchemaRegistrySection.resolve(settings),
        monitoring(settings),
        writerMemory(settings),
        minkTopics(settings),
        QuerySection.resolve(settings, workingDirectory));
  }

  private static MinkTopics minkTopics(CollectedSettings settings) {
    int replicationFactor = settings
        .value(ConfigKey.TOPIC_REPLICATION_FACTOR)
        .map(SettingValue::count)
        .orElse(0);
    int minInsyncReplicas = settings
        .value(ConfigKey.TOPIC_MIN_INSYNC_REPLICAS)
        .map(SettingValue::count)
        .orElse(0);
    if (replicationFactor > 0 && minInsyncReplicas > replicationFactor) {
      throw new ConfigException("[indexer] topic_min_insync_replicas " + minInsyncReplicas
          + " is above " + "topic_replication_factor " + replicationFactor
          + ": Mink could never write its own topics. Lower it");
    }
    return new MinkTopics(replicationFactor, minInsyncReplicas);
  }

  private static WriterMemorySettings writerMemory(CollectedSettings settings) {
    WriterMemorySettings defaults = WriterMemorySettings.defaults();
    return new WriterMemorySettings(
        settings
            .value(ConfigKey.WRITER_MEMORY)
            .map(SettingValue::dataSizeOrHeapShare)
            .orElse(defaults.writerMemoryBytes()),
        settings
            .value(ConfigKey.MAX_OPEN_FILES)
            .map(SettingValue::count)
            .orElse(defaults.maxOpenFiles()),
        settings
            .value(ConfigKey.PARQUET_ENCODER)
            .map(value -> ParquetEncoder.named(value.choice(ENCODERS)))
            .orElse(defaults.encoder()),
        settings
            .value(ConfigKey.KEY_INDEX_MEMORY)
            .map(SettingValue::dataSizeOrHeapShare)
            .orElse(defaults.keyIndexMemoryBytes()));
  }

  private static MonitoringSettings monitoring(CollectedSettings settings) {
    MonitoringSettings defaults = MonitoringSettings.defaults();
    return new MonitoringSettings(
        settings
            .value(ConfigKey.STATUS_TOPIC)
            .map(SettingValue::topicName)
            .orElse(defaults.statusTopic()),
        settings.value(ConfigKey.HTTP_PORT).map(SettingValue::port).orElse(defaults.httpPort()),
        settings
            .value(ConfigKey.HTTP_BIND_ADDRESS)
            .map(SettingValue::bindAddress)
            .orElse(defaults.httpBindAddress()));
  }

  private static IndexerSettings indexer(CollectedSettings settings) {
    IndexerSettings defaults = IndexerSettings.defaults();
    return new IndexerSettings(
        settings
            .value(ConfigKey.NAMESPACE)
            .map(SettingValue::identifier)
            .orElse(defaults.namespace()),
        settings
            .value(ConfigKey.FRESHNESS)
            .map(SettingValue::duration)
            .orElse(defaults.freshness()),
        settings
            .value(ConfigKey.POLL_INTERVAL)
            .map(SettingValue::duration)
            .orElse(defaults.pollInterval()),
        settings
            .value(ConfigKey.TARGET_FILE_SIZE)
            .map(SettingValue::dataSize)
            .orElse(defaults.targetFileSizeBytes()),
        settings
            .value(ConfigKey.WRITER_THREADS)
            .map(SettingValue::count)
            .orElse(defaults.writerThreads()),
        settings
            .value(ConfigKey.TABLES_TOPIC)
            .map(SettingValue::topicName)
            .orElse(defaults.tablesTopic()),
        settings.value(ConfigKey.GROUP_ID).map(SettingValue::text).orElse(defaults.groupId()),
        settings.value(ConfigKey.WORKERS).map(SettingValue::count).orElse(defaults.workers()),
        settings
            .value(ConfigKey.HEARTBEAT_TIMEOUT)
            .map(SettingValue::duration)
            .orElse(defaults.heartbeatTimeout()),
        settings
            .value(ConfigKey.SESSION_TIMEOUT)
            .map(SettingValue::duration)
            .orElse(defaults.sessionTimeout()),
        settings
            .value(ConfigKey.OWNERS_TOPIC)
            .map(SettingValue::topicName)
            .orElse(defaults.ownersTopic()));
  }
}
