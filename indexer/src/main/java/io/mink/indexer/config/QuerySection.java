package io.mink.indexer.config;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;

/** Resolves the [query] section into {@link MinkQuerySettings}; files are resolved against the working directory. */
final class QuerySection {
  private QuerySection() {}

  static MinkQuerySettings resolve(CollectedSettings settings, Path workingDirectory) {
    MinkQuerySettings defaults = MinkQuerySettings.defaults();
    return new MinkQuerySettings(
        settings
            .value(ConfigKey.QUERY_BATCH_SIZE)
            .map(SettingValue::count)
            .orElse(defaults.batchSize()),
        settings
            .value(ConfigKey.QUERY_TARGET_PARTITIONS)
            .map(SettingValue::count)
            .orElse(defaults.targetPartitions()),
        settings
            .value(ConfigKey.QUERY_MEMORY_LIMIT)
            .map(value -> OptionalLong.of(value.dataSize()))
            .orElse(OptionalLong.empty()),
        settings.value(ConfigKey.QUERY_DATABASE).map(SettingValue::identifier),
        settings.value(ConfigKey.QUERY_LISTEN).map(SettingValue::listenAddress),
        file(settings, ConfigKey.QUERY_TLS_CERT, workingDirectory),
        file(settings, ConfigKey.QUERY_TLS_KEY, workingDirectory),
        settings.value(ConfigKey.QUERY_USER).map(SettingValue::text),
        settings.value(ConfigKey.QUERY_PASSWORD).map(SettingValue::text),
        settings
            .value(ConfigKey.QUERY_ALLOW_INSECURE)
            .map(SettingValue::flag)
            .orElse(defaults.allowInsecure()));
  }

  private static Optional<Path> file(
      CollectedSettings settings, ConfigKey key, Path workingDirectory) {
    return settings.value(key).map(value -> value.path(workingDirectory));
  }
}
