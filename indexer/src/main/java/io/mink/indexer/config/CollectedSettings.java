package io.mink.indexer.config;

import io.mink.schema.secret.SecretValues;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The settings gathered from the file, then the environment, then the overrides; a later source replaces an earlier one. */
final class CollectedSettings {
  private final Map<String, String> kafka = new TreeMap<>();
  private final Map<String, String> lakeProperties = new TreeMap<>();
  private final Map<ConfigKey, SettingValue> values = new EnumMap<>(ConfigKey.class);
  private boolean lakeConfigured;

  void putKafka(String property, String value) {
    kafka.put(property, value);
  }

  void putLakeProperty(String property, String value) {
    lakeProperties.put(property, value);
    lakeConfigured = true;
  }

  void put(SettingValue value) {
    values.put(value.key(), value);
    if (value.key().section().equals(ConfigKey.LAKE)) {
      lakeConfigured = true;
    }
  }

  /** Records that the lake was configured even though no key of it was set, as by an empty [lake] section. */
  void markLakeConfigured() {
    lakeConfigured = true;
  }

  Map<String, String> kafka() {
    return kafka;
  }

  Map<String, String> lakeProperties() {
    return lakeProperties;
  }

  Optional<SettingValue> value(ConfigKey key) {
    return Optional.ofNullable(values.get(key));
  }

  /** The secret values gathered so far, to keep them out of the messages of a configuration that fails. */
  SecretValues secretValues() {
    SecretValues secrets = new SecretValues().settings(kafka).settings(lakeProperties);
    values.forEach((key, value) -> {
      String text = value.node().asText();
      int colon = text.indexOf(':');
      if (key == ConfigKey.REGISTRY_BASIC_AUTH && colon > 0) {
        secrets.basicAuth(text.substring(0, colon), text.substring(colon + 1));
      }
      secrets.setting(key.key(), text);
    });
    return secrets;
  }

  boolean lakeConfigured() {
    return lakeConfigured;
  }
}
