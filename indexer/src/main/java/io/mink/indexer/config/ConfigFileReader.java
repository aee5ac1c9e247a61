package io.mink.indexer.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Reads {@code mink.toml} into the collected settings, rejecting unknown sections and keys. */
final class ConfigFileReader {
  private static final TomlMapper TOML = new TomlMapper();
  private static final String DUPLICATE_KEY = "Duplicate key";
  private static final List<String> SECTIONS = List.of(
      ConfigKey.INDEXER, "kafka", ConfigKey.LAKE, ConfigKey.QUERY, ConfigKey.SCHEMA_REGISTRY);

  private ConfigFileReader() {}

  static void read(Path file, CollectedSettings settings) {
    JsonNode root = parse(file);
    for (Map.Entry<String, JsonNode> section : root.properties()) {
      String name = section.getKey();
      JsonNode table = section.getValue();
      if (!SECTIONS.contains(name)) {
        throw new ConfigException(
            table.isObject()
                ? "Unknown section [" + name + "] in " + file
                    + ": valid sections are [indexer], [kafka], [lake], [query], [schema_registry]"
                : "Key '" + name + "' in " + file
                    + " is outside any section: move it into [indexer], [kafka], [lake], [query] or "
                    + "[schema_registry]");
      }
      if (!table.isObject()) {
        throw new ConfigException("Key '" + name + "' in " + file + " must be a section: write ["
            + name + "] on a line of its own with its keys below it");
      }
      switch (name) {
        case "kafka" -> readKafka(table, file, settings);
        case ConfigKey.LAKE -> readLake(table, file, settings);
        case ConfigKey.SCHEMA_REGISTRY ->
          readKeys(ConfigKey.SCHEMA_REGISTRY, table, file, settings);
        case ConfigKey.QUERY -> readKeys(ConfigKey.QUERY, table, file, settings);
        default -> readKeys(ConfigKey.INDEXER, table, file, settings);
      }
    }
  }

  private static void readKafka(JsonNode table, Path file, CollectedSettings settings) {
    TomlTables.flatten(table, "[kafka] of " + file).forEach((property, value) -> {
      KafkaPropertyNames.requireClientProperty(
          property, "in [kafka] of " + file, name -> "'" + name + "'");
      String text = TomlTables.text(value, "kafka." + property + " in " + file);
      KafkaPropertyPolicy.requireAllowed(property, text, "in [kafka] of " + file);
      settings.putKafka(property, text);
    });
  }

  private static void readLake(JsonNode table, Path file, CollectedSettings settings) {
    settings.markLakeConfigured();
    readKeys(ConfigKey.LAKE, table, file, settings);
  }

  private static void readKeys(
      String section, JsonNode table, Path file, CollectedSettings settings) {
    for (Map.Entry<String, JsonNode> entry : table.properties()) {
      ConfigKey key = ConfigKey.find(section, entry.getKey())
          .orElseThrow(() -> new ConfigException("Unknown key '" + entry.getKey() + "' in ["
              + section + "] of " + file + ": valid keys are "
              + ConfigKey.in(section).stream()
                  .map(ConfigKey::key)
                  .collect(Collectors.joining(", "))));
      if (key == ConfigKey.LAKE_PROPERTIES) {
        readLakeProperties(entry.getValue(), file, settings);
      } else {
        settings.put(SettingValue.fromFile(key, entry.getValue(), file));
      }
    }
  }

  private static void readLakeProperties(JsonNode table, Path file, CollectedSettings settings) {
    if (!table.isObject()) {
      throw new ConfigException(
          "Invalid value " + table + " for lake.properties in " + file
              + ": use a table of text, such as [lake.properties] with \"s3.endpoint\" = \"http://rustfs:9000\"");
    }
    TomlTables.flatten(table, "[lake.properties] of " + file)
        .forEach((property, value) -> settings.putLakeProperty(
            property, TomlTables.text(value, "lake.properties." + property + " in " + file)));
  }

  private static JsonNode parse(Path file) {
    if (!Files.exists(file)) {
      throw new ConfigException(
          "Config file " + file
              + " does not exist: pass an existing file with --config, or leave --config out to use the defaults");
    }
    if (Files.isDirectory(file)) {
      throw new ConfigException(
          "Config file " + file + " is a directory: pass a TOML file with --config");
    }
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new ConfigException(
          "Cannot read config file " + file + " (" + e
              + "): check that it is a readable UTF-8 file",
          e);
    }
    try {
      return TOML.readTree(text);
    } catch (JsonProcessingException e) {
      throw new ConfigException(
          "Invalid TOML in " + file + " at " + position(e, text) + " (" + e.getOriginalMessage()
              + "): fix the syntax on that line; text values need double quotes, such as freshness = \"3m\"",
          e);
    }
  }

  /**
   * Where the parser stopped. A duplicate key is found only after the parser has read past the end of its line, so
   * its position is moved back to the last line before that point with more than blanks and comments.
   */
  private static String position(JsonProcessingException e, String text) {
    JsonLocation at = e.getLocation();
    if (!DUPLICATE_KEY.equals(e.getOriginalMessage())) {
      return "line " + at.getLineNr() + ", column " + at.getColumnNr();
    }
    String[] lines = text.split("\n", -1);
    for (int line = Math.min(at.getLineNr(), lines.length); line >= 1; line--) {
      String content = lines[line - 1];
      if (line == at.getLineNr()) {
        content =
            content.substring(0, Math.min(content.length(), Math.max(0, at.getColumnNr() - 1)));
      }
      int comment = content.indexOf('#');
      if (!(comment < 0 ? content : content.substring(0, comment)).isBlank()) {
        return "line " + line;
      }
    }
    return "line " + at.getLineNr();
  }
}
