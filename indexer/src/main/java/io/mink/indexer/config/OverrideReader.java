package io.mink.indexer.config;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Reads overrides given by dotted key, such as kafka.bootstrap.servers from the CLI's --bootstrap, into the collected
 * settings: kafka.&lt;property&gt;, indexer.&lt;key&gt;, lake.&lt;key&gt;, lake.properties.&lt;property&gt;,
 * schema_registry.&lt;key&gt; and query.&lt;key&gt;.
 */
final class OverrideReader {
  private static final String KAFKA = "kafka.";
  private static final String LAKE_PROPERTIES = "lake.properties.";

  private OverrideReader() {}

  static void read(Map<String, String> overrides, CollectedSettings settings) {
    for (Map.Entry<String, String> entry : new TreeMap<>(overrides).entrySet()) {
      String name = entry.getKey();
      String value = entry.getValue();
      if (name.startsWith(KAFKA)) {
        String property = name.substring(KAFKA.length());
        KafkaPropertyNames.requireClientProperty(
            property, "in override " + name, found -> KAFKA + found);
        KafkaPropertyPolicy.requireAllowed(property, value, "in override " + name);
        settings.putKafka(property, value);
      } else if (name.startsWith(LAKE_PROPERTIES) && name.length() > LAKE_PROPERTIES.length()) {
        settings.putLakeProperty(name.substring(LAKE_PROPERTIES.length()), value);
      } else if (name.startsWith(ConfigKey.LAKE + ".")) {
        settings.put(SettingValue.fromText(fixedKey(ConfigKey.LAKE, name), value, name));
      } else if (name.startsWith(ConfigKey.INDEXER + ".")) {
        settings.put(SettingValue.fromText(fixedKey(ConfigKey.INDEXER, name), value, name));
      } else if (name.startsWith(ConfigKey.SCHEMA_REGISTRY + ".")) {
        settings.put(SettingValue.fromText(fixedKey(ConfigKey.SCHEMA_REGISTRY, name), value, name));
      } else if (name.startsWith(ConfigKey.QUERY + ".")) {
        settings.put(SettingValue.fromText(fixedKey(ConfigKey.QUERY, name), value, name));
      } else {
        throw new ConfigException(
            "Unknown override '" + name + "': use kafka.<property>, indexer.<key>, lake.<key>, "
                + "lake.properties.<property>, schema_registry.<key> or query.<key>");
      }
    }
  }

  private static ConfigKey fixedKey(String section, String name) {
    return ConfigKey.in(section).stream()
        .filter(key -> key != ConfigKey.LAKE_PROPERTIES && key.qualifiedName().equals(name))
        .findFirst()
        .orElseThrow(() -> new ConfigException("Unknown override '" + name + "': valid keys in ["
            + section + "] are "
            + ConfigKey.in(section).stream()
                .map(key -> key == ConfigKey.LAKE_PROPERTIES ? "properties.<property>" : key.key())
                .collect(Collectors.joining(", "))));
  }
}
