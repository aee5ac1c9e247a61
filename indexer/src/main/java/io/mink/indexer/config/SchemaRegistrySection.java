package io.mink.indexer.config;

import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.registry.GlueRegistrySettings;
import io.mink.schema.registry.TlsStore;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/** Turns the [schema_registry] keys into registry settings, with the registry's own checks as config errors. */
final class SchemaRegistrySection {
  private SchemaRegistrySection() {}

  static SchemaRegistrySettings resolve(CollectedSettings settings) {
    Duration timeout = settings
        .value(ConfigKey.REGISTRY_REQUEST_TIMEOUT)
        .map(SettingValue::duration)
        .orElse(ConfluentRegistrySettings.DEFAULT_REQUEST_TIMEOUT);
    return new SchemaRegistrySettings(confluent(settings, timeout), glue(settings, timeout));
  }

  private static Optional<ConfluentRegistrySettings> confluent(
      CollectedSettings settings, Duration timeout) {
    Optional<SettingValue> url = settings.value(ConfigKey.REGISTRY_URL);
    if (url.isEmpty()) {
      requireNoConfluentKeys(settings);
      return Optional.empty();
    }
    try {
      return Optional.of(confluentSettings(settings, url.get(), timeout));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(
          "Invalid [schema_registry] settings (" + url.get().location() + "): " + e.getMessage(),
          e);
    }
  }

  /** Without a url, the keys that only a Confluent registry reads are a mistake. */
  private static void requireNoConfluentKeys(CollectedSettings settings) {
    for (ConfigKey key : new ConfigKey[] {
      ConfigKey.REGISTRY_BASIC_AUTH,
      ConfigKey.REGISTRY_BEARER_TOKEN,
      ConfigKey.REGISTRY_BEARER_TOKEN_FILE,
      ConfigKey.REGISTRY_TRUSTSTORE,
      ConfigKey.REGISTRY_KEYSTORE
    }) {
      if (settings.value(key).isPresent()) {
        throw new ConfigException(
            key.qualifiedName() + " is set but schema_registry.url is not: set url in "
                + "[schema_registry], or " + ConfigKey.REGISTRY_URL.environmentVariable());
      }
    }
  }

  private static ConfluentRegistrySettings confluentSettings(
      CollectedSettings settings, SettingValue url, Duration timeout) {
    ConfluentRegistrySettings.Builder builder =
        ConfluentRegistrySettings.builder().requestTimeout(timeout);
    for (String each : Arrays.stream(url.text().split(","))
        .map(String::trim)
        .filter(u -> !u.isEmpty())
        .toList()) {
      builder.url(each);
    }
    settings.value(ConfigKey.REGISTRY_BASIC_AUTH).map(SettingValue::text).ifPresent(userInfo -> {
      int colon = userInfo.indexOf(':');
      if (colon <= 0) {
        throw new ConfigException("Invalid value for "
            + ConfigKey.REGISTRY_BASIC_AUTH.qualifiedName() + ": use user:password");
      }
      builder.basicAuth(userInfo.substring(0, colon), userInfo.substring(colon + 1));
    });
    settings
        .value(ConfigKey.REGISTRY_BEARER_TOKEN)
        .map(SettingValue::text)
        .ifPresent(builder::bearerToken);
    settings
        .value(ConfigKey.REGISTRY_BEARER_TOKEN_FILE)
        .map(SettingValue::text)
        .map(Path::of)
        .ifPresent(builder::bearerTokenFile);
    store(
            settings,
            ConfigKey.REGISTRY_TRUSTSTORE,
            ConfigKey.REGISTRY_TRUSTSTORE_PASSWORD,
            ConfigKey.REGISTRY_TRUSTSTORE_TYPE)
        .ifPresent(builder::truststore);
    Optional<TlsStore> keystore = store(
        settings,
        ConfigKey.REGISTRY_KEYSTORE,
        ConfigKey.REGISTRY_KEYSTORE_PASSWORD,
        ConfigKey.REGISTRY_KEYSTORE_TYPE);
    if (keystore.isPresent()) {
      builder.keystore(
          keystore.get(),
          settings
              .value(ConfigKey.REGISTRY_KEY_PASSWORD)
              .map(SettingValue::text)
              .orElse(null));
    }
    return builder.build();
  }

  private static Optional<TlsStore> store(
      CollectedSettings settings, ConfigKey location, ConfigKey password, ConfigKey type) {
    return settings
        .value(location)
        .map(SettingValue::text)
        .map(path -> new TlsStore(
            Path.of(path),
            settings.value(password).map(SettingValue::text).orElse(null),
            settings
                .value(type)
                .map(SettingValue::text)
                .orElse(type.defaultValue().orElseThrow())));
  }

  private static final ConfigKey[] GLUE_ONLY_KEYS = {
    ConfigKey.GLUE_ENDPOINT,
    ConfigKey.GLUE_REGISTRY_NAME,
    ConfigKey.GLUE_ACCESS_KEY_ID,
    ConfigKey.GLUE_SECRET_ACCESS_KEY,
    ConfigKey.GLUE_SESSION_TOKEN,
    ConfigKey.GLUE_PROFILE,
    ConfigKey.GLUE_CREDENTIALS_FILE
  };

  private static Optional<GlueRegistrySettings> glue(CollectedSettings settings, Duration timeout) {
    Optional<SettingValue> region = settings.value(ConfigKey.GLUE_REGION);
    if (region.isEmpty()) {
      for (ConfigKey key : GLUE_ONLY_KEYS) {
        if (settings.value(key).isPresent()) {
          throw new ConfigException(
              key.qualifiedName() + " is set but schema_registry.glue_region is not: "
                  + "set glue_region in [schema_registry], or "
                  + ConfigKey.GLUE_REGION.environmentVariable());
        }
      }
      return Optional.empty();
    }
    try {
      return Optional.of(new GlueRegistrySettings(
          region.get().text(),
          text(settings, ConfigKey.GLUE_REGISTRY_NAME).orElse(null),
          text(settings, ConfigKey.GLUE_ENDPOINT).map(URI::create).orElse(null),
          text(settings, ConfigKey.GLUE_ACCESS_KEY_ID).orElse(null),
          text(settings, ConfigKey.GLUE_SECRET_ACCESS_KEY).orElse(null),
          text(settings, ConfigKey.GLUE_SESSION_TOKEN).orElse(null),
          text(settings, ConfigKey.GLUE_PROFILE).orElse(null),
          text(settings, ConfigKey.GLUE_CREDENTIALS_FILE).map(Path::of).orElse(null),
          timeout));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(
          "Invalid [schema_registry] settings (" + region.get().location() + "): " + e.getMessage(),
          e);
    }
  }

  private static Optional<String> text(CollectedSettings settings, ConfigKey key) {
    return settings.value(key).map(SettingValue::text);
  }
}
