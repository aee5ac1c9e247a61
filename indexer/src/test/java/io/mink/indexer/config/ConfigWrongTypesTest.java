package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every key of {@link ConfigKey}, given every TOML type it does not take, fails with a {@link ConfigException} that
 * names the key; given junk in its environment variable or a NUL in its text, it fails with a {@link ConfigException}
 * naming its section, or takes the value as text. No other exception escapes the loader.
 */
class ConfigWrongTypesTest {
  private static final String KAFKA = "[kafka]\nbootstrap.servers = \"broker:9092\"\n";
  private static final List<String> NOT_TEXT = List.of("true", "[1, 2]", "{ a = 1 }", "3.5");
  private static final List<String> NOT_WHOLE_NUMBER =
      List.of("true", "[1, 2]", "{ a = 1 }", "3.5", "\"four\"");
  private static final List<String> NOT_BOOLEAN =
      List.of("1", "[1, 2]", "{ a = 1 }", "3.5", "\"true\"");
  private static final List<String> NOT_TABLE = List.of("true", "[1, 2]", "3.5", "\"x\"", "-1");
  private static final List<String> ENVIRONMENT_JUNK =
      List.of("[1, 2]", "true", "-1", "3.5", "\"\"", "x y", "\uFFFF\u202E");

  @TempDir
  Path directory;

  static Stream<Arguments> wrongTypes() {
    List<Arguments> cases = new ArrayList<>();
    for (ConfigKey key : ConfigKey.values()) {
      String example = key.example();
      List<String> wrong = example.startsWith("\"")
          ? NOT_TEXT
          : example.startsWith("{")
              ? NOT_TABLE
              : example.equals("true") || example.equals("false") ? NOT_BOOLEAN : NOT_WHOLE_NUMBER;
      wrong.forEach(value -> cases.add(Arguments.of(key, value)));
    }
    return cases.stream();
  }

  static Stream<Arguments> environmentJunk() {
    List<Arguments> cases = new ArrayList<>();
    for (ConfigKey key : ConfigKey.values()) {
      ENVIRONMENT_JUNK.forEach(value -> cases.add(Arguments.of(key, value)));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} = {1}")
  @MethodSource("wrongTypes")
  void everyKeyRejectsEveryTypeItDoesNotTakeAndNamesItself(ConfigKey key, String value) {
    Path file = write(KAFKA + context(key) + key.key() + " = " + value + "\n");

    assertThatThrownBy(() -> MinkConfigLoader.load(file, Map.of(), directory))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(key.qualifiedName());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("textKeys")
  void everyTextKeyWithAControlCharacterFailsNamingItselfOrIsTakenAsText(ConfigKey key) {
    Path file = write(KAFKA + context(key) + key.key() + " = \"a\\u0000b\"\n");

    try {
      MinkConfigLoader.load(file, Map.of(), directory);
    } catch (ConfigException e) {
      assertThat(e.getMessage()).contains(key.section() + ".");
    }
  }

  static Stream<ConfigKey> textKeys() {
    return Stream.of(ConfigKey.values()).filter(key -> key.example().startsWith("\""));
  }

  @ParameterizedTest(name = "{0} = {1}")
  @MethodSource("environmentJunk")
  void everyVariableWithJunkFailsNamingItselfOrIsTakenAsText(ConfigKey key, String value) {
    Map<String, String> environment = new HashMap<>(contextVariables(key));
    environment.put("MINK_KAFKA_BOOTSTRAP_SERVERS", "broker:9092");
    environment.put(key.environmentVariable(), value);

    try {
      MinkConfigLoader.load(null, environment, directory);
    } catch (ConfigException e) {
      assertThat(e.getMessage())
          .containsAnyOf(
              key.environmentVariable(),
              key.qualifiedName(),
              "MINK_" + key.section().toUpperCase(Locale.ROOT) + "_");
    }
  }

  /** The other keys of the section without which the key is not read. */
  private static String context(ConfigKey key) {
    return switch (key.section()) {
      case ConfigKey.LAKE ->
        "[lake]\n"
            + (key == ConfigKey.LAKE_CATALOG ? "" : "catalog = \"rest\"\n")
            + (key == ConfigKey.LAKE_URI ? "" : "uri = \"http://rest:8181\"\n")
            + (key == ConfigKey.LAKE_WAREHOUSE ? "" : "warehouse = \"s3://lake\"\n");
      case ConfigKey.SCHEMA_REGISTRY -> "[schema_registry]\n" + registryContext(key);
      default -> "[" + key.section() + "]\n";
    };
  }

  private static String registryContext(ConfigKey key) {
    if (key.key().startsWith("glue")) {
      return key == ConfigKey.GLUE_REGION ? "" : "glue_region = \"us-east-1\"\n";
    }
    String url = key == ConfigKey.REGISTRY_URL ? "" : "url = \"http://registry:8081\"\n";
    if (key == ConfigKey.REGISTRY_TRUSTSTORE_PASSWORD
        || key == ConfigKey.REGISTRY_TRUSTSTORE_TYPE) {
      return url + "ssl_truststore_location = \"/etc/mink/trust.p12\"\n";
    }
    if (key == ConfigKey.REGISTRY_KEYSTORE_TYPE || key == ConfigKey.REGISTRY_KEY_PASSWORD) {
      return url
          + "ssl_keystore_location = \"/etc/mink/client.p12\"\nssl_keystore_password = \"p\"\n";
    }
    if (key == ConfigKey.REGISTRY_KEYSTORE_PASSWORD) {
      return url + "ssl_keystore_location = \"/etc/mink/client.p12\"\n";
    }
    return url;
  }

  private static Map<String, String> contextVariables(ConfigKey key) {
    if (key == ConfigKey.GLUE_ENDPOINT || key == ConfigKey.GLUE_REGISTRY_NAME) {
      return Map.of("MINK_SCHEMA_REGISTRY_GLUE_REGION", "us-east-1");
    }
    if (key.section().equals(ConfigKey.SCHEMA_REGISTRY)
        && !key.key().startsWith("glue")
        && key != ConfigKey.REGISTRY_URL) {
      return Map.of("MINK_SCHEMA_REGISTRY_URL", "http://registry:8081");
    }
    return Map.of();
  }

  private Path write(String toml) {
    Path file = directory.resolve("mink.toml");
    try {
      Files.writeString(file, toml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }
}
