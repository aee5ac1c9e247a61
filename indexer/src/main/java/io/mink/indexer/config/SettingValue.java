package io.mink.indexer.config;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.mink.schema.secret.Secrets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The value of one key of a section with fixed keys ([indexer], [lake], [schema_registry], [query]), read into the type the key needs. Values from the file keep their TOML
 * type, so {@code writer_threads = "4"} is an error; values from the environment and overrides are text for any type.
 *
 * @param location the key and where it was set, such as "indexer.freshness in /etc/mink.toml" or
 *     "MINK_INDEXER_FRESHNESS", for error messages
 * @param typed whether the value comes from TOML, with a type of its own
 */
record SettingValue(ConfigKey key, JsonNode node, String location, boolean typed) {
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern TOPIC_NAME = Pattern.compile("[A-Za-z0-9._-]{1,249}");

  SettingValue {
    requireNonNull(key, "key is null");
    requireNonNull(node, "node is null");
    requireNonNull(location, "location is null");
  }

  static SettingValue fromFile(ConfigKey key, JsonNode node, Path file) {
    return new SettingValue(key, node, key.qualifiedName() + " in " + file, true);
  }

  static SettingValue fromText(ConfigKey key, String text, String location) {
    return new SettingValue(key, TextNode.valueOf(text), location, false);
  }

  String text() {
    if (!node.isTextual()) {
      throw invalid(
          "value", "use text in double quotes, such as " + key.key() + " = " + key.example());
    }
    if (node.asText().isBlank()) {
      throw invalid("value", "use a non-empty value, such as " + unquotedExample());
    }
    return node.asText();
  }

  String identifier() {
    String text = text();
    if (!IDENTIFIER.matcher(text).matches()) {
      throw invalid(
          key.key(),
          "use a letter or underscore followed by letters, digits or underscores, such as "
              + unquotedExample());
    }
    return text;
  }

  String topicName() {
    String text = text();
    if (!TOPIC_NAME.matcher(text).matches() || text.equals(".") || text.equals("..")) {
      throw invalid(
          "topic name",
          "use up to 249 letters, digits, '.', '_' or '-', such as " + unquotedExample());
    }
    return text;
  }

  /** One of {@code choices}, in lower case; the text is matched ignoring case. */
  String choice(List<String> choices) {
    String text = text().toLowerCase(Locale.ROOT);
    if (!choices.contains(text)) {
      throw invalid(
          key.key(),
          choices.size() == 1
              ? "use " + choices.get(0)
              : "use one of " + String.join(", ", choices));
    }
    return text;
  }

  Duration duration() {
    return Durations.parse(textOfScalar(), location);
  }

  long dataSize() {
    if (typed && node.isIntegralNumber()) {
      return DataSizes.requirePositive(
          node.canConvertToLong() ? node.asLong() : Long.MAX_VALUE, shown(), location);
    }
    return DataSizes.parse(textOfScalar(), location);
  }

  /** A data size, or a percentage of the JVM's maximum heap such as 25%. */
  long dataSizeOrHeapShare() {
    String text = textOfScalar().strip();
    if (!text.endsWith("%")) {
      return dataSize();
    }
    String number = text.substring(0, text.length() - 1).strip();
    if (!number.matches("\\d{1,2}(\\.\\d+)?") || Double.parseDouble(number) <= 0) {
      throw invalid(
          "value",
          "use a size such as \"256MiB\" or a share of the heap from 1% to 99%, such as \"25%\"");
    }
    return (long) (Runtime.getRuntime().maxMemory() * Double.parseDouble(number) / 100);
  }

  int count() {
    if (typed && node.isTextual()) {
      throw invalid(
          "value", "use a number without quotes, such as " + key.key() + " = " + key.example());
    }
    String text = node.asText().strip();
    if (!text.matches("\\d{1,9}")
        || Integer.parseInt(text) < 1
        || (typed && !node.isIntegralNumber())) {
      throw invalid("value", "use a whole number of at least 1, such as " + key.example());
    }
    return Integer.parseInt(text);
  }

  /** true or false; from the environment in any case. */
  boolean flag() {
    if (typed && node.isBoolean()) {
      return node.asBoolean();
    }
    String text = node.asText().strip().toLowerCase(Locale.ROOT);
    if (typed || !(text.equals("true") || text.equals("false"))) {
      throw invalid(
          "value",
          "use true or false without quotes, such as " + key.key() + " = " + key.example());
    }
    return Boolean.parseBoolean(text);
  }

  /** A TCP port, 0 to 65535. */
  int port() {
    if (typed && node.isTextual()) {
      throw invalid(
          "value", "use a number without quotes, such as " + key.key() + " = " + key.example());
    }
    String text = node.asText().strip();
    if (!text.matches("\\d{1,5}")
        || Integer.parseInt(text) > 65_535
        || (typed && !node.isIntegralNumber())) {
      throw invalid(
          "port",
          "use a whole number from 1 to 65535, such as " + key.example()
              + ", or 0 to turn the HTTP server off");
    }
    return Integer.parseInt(text);
  }

  /** A file path, resolved against {@code workingDirectory}. */
  Path path(Path workingDirectory) {
    String text = text().strip();
    try {
      return workingDirectory.resolve(text);
    } catch (InvalidPathException e) {
      throw invalid(
          "path", "use a file path (" + e.getReason() + "), such as " + unquotedExample());
    }
  }

  /** A host name or IP address to listen on. */
  String bindAddress() {
    String text = text().strip();
    if (!text.matches("[A-Za-z0-9.:\\[\\]%_-]+")) {
      throw invalid(
          "address",
          "use a host name or an IP address, such as " + unquotedExample() + ", or 0.0.0.0 "
              + "for every interface");
    }
    return text;
  }

  /** Where a server listens, as HOST:PORT. */
  ListenAddress listenAddress() {
    try {
      return ListenAddress.parse(text());
    } catch (IllegalArgumentException e) {
      throw invalid("address", e.getMessage());
    }
  }

  private String textOfScalar() {
    if (!node.isTextual()) {
      throw invalid(
          "value", "use text in double quotes, such as " + key.key() + " = " + key.example());
    }
    return node.asText();
  }

  private String unquotedExample() {
    return key.example().replace("\"", "");
  }

  /** The value as an error message shows it; a secret never shows. */
  private String shown() {
    if (Secrets.isSecretKey(key.key())) {
      return Secrets.HIDDEN;
    }
    return node.isTextual() ? "'" + node.asText() + "'" : node.toString();
  }

  private ConfigException invalid(String what, String advice) {
    return new ConfigException(
        "Invalid " + what + " " + shown() + " for " + location + ": " + advice);
  }
}
