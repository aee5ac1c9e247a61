package io.mink.indexer.config;

import com.fasterxml.jackson.databind.JsonNode;
import io.mink.schema.secret.Secrets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

/** Free-form TOML tables such as [kafka]: dotted keys, which TOML nests, flattened back to dotted names. */
final class TomlTables {
  private static final Pattern BARE_KEY = Pattern.compile("[A-Za-z0-9_-]+");

  private TomlTables() {}

  /**
   * The leaves of {@code table} by dotted name, so {@code bootstrap.servers = ...} and {@code "bootstrap.servers" = ...}
   * both give bootstrap.servers.
   *
   * @param where the table for error messages, such as "[kafka] of /etc/mink.toml"
   * @throws ConfigException when two spellings name the same key
   */
  static Map<String, JsonNode> flatten(JsonNode table, String where) {
    Map<String, JsonNode> leaves = new LinkedHashMap<>();
    flatten(table, "", "", where, leaves, new HashMap<>());
    return leaves;
  }

  /** A leaf's value as a client property: text, a number or a boolean as written; an array joined with commas. */
  static String text(JsonNode value, String location) {
    if (value.isValueNode()) {
      return value.asText();
    }
    if (value.isArray()
        && StreamSupport.stream(value.spliterator(), false).allMatch(JsonNode::isValueNode)) {
      return StreamSupport.stream(value.spliterator(), false)
          .map(JsonNode::asText)
          .collect(Collectors.joining(","));
    }
    throw new ConfigException("Invalid value "
        + (Secrets.isSecretKey(location) ? Secrets.HIDDEN : value) + " for " + location
        + ": use text, a number, a boolean or an array of them");
  }

  private static void flatten(
      JsonNode table,
      String prefix,
      String spelledPrefix,
      String where,
      Map<String, JsonNode> leaves,
      Map<String, String> spellings) {
    for (Map.Entry<String, JsonNode> entry : table.properties()) {
      String name = prefix + entry.getKey();
      String spelled = spelledPrefix + spell(entry.getKey());
      if (entry.getValue().isObject()) {
        flatten(entry.getValue(), name + ".", spelled + ".", where, leaves, spellings);
        continue;
      }
      String earlier = spellings.putIfAbsent(name, spelled);
      if (earlier != null) {
        throw new ConfigException("Key '" + name + "' is set twice in " + where + ", as " + earlier
            + " and as " + spelled + ": keep one");
      }
      leaves.put(name, entry.getValue());
    }
  }

  private static String spell(String key) {
    return BARE_KEY.matcher(key).matches() ? key : "\"" + key.replace("\"", "\\\"") + "\"";
  }
}
