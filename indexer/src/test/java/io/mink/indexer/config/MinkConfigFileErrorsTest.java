package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MinkConfigFileErrorsTest {
  @TempDir
  Path directory;

  @Test
  void missingFileSaysHowToPassOneOrDoWithout() {
    Path file = directory.resolve("mink.toml");

    assertThatThrownBy(() -> MinkConfigLoader.load(file, Map.of(), directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Config file " + file
            + " does not exist: pass an existing file with --config, or leave --config"
            + " out to use the defaults");
  }

  @Test
  void directoryIsNoConfigFile() {
    assertThatThrownBy(() -> MinkConfigLoader.load(directory, Map.of(), directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Config file " + directory + " is a directory: pass a TOML file with --config");
  }

  @Test
  void syntaxErrorNamesTheFileAndTheLine() {
    assertFails(
        """
        [kafka]
        bootstrap.servers = "broker:9092"
        [indexer]
        freshness = 3m
        """,
        "Invalid TOML in {file} at line 4, column 14 (More data after value has already ended. Invalid value"
            + " preceding this position?): fix the syntax on that line; text values need double quotes, such as"
            + " freshness = \"3m\"");
  }

  @Test
  void duplicateKeyNamesTheLineOfTheSecondKey() {
    assertFails(
        """
        [kafka]
        bootstrap.servers = "a:9092"
        bootstrap.servers = "b:9092" # again

        # the end
        """,
        "Invalid TOML in {file} at line 3 (Duplicate key): fix the syntax on that line; text values need double"
            + " quotes, such as freshness = \"3m\"");
  }

  @Test
  void duplicateKeyOnTheLastLineWithoutNewlineNamesThatLine() {
    assertFails(
        "[kafka]\nbootstrap.servers = \"a:9092\"\nbootstrap.servers = \"b:9092\"",
        "Invalid TOML in {file} at line 3 (Duplicate key): fix the syntax on that line; text values need double"
            + " quotes, such as freshness = \"3m\"");
  }

  @Test
  void sectionWrittenTwiceIsASyntaxError() {
    assertFails(
        """
        [kafka]
        bootstrap.servers = "a:9092"
        [kafka]
        linger.ms = 5
        """,
        "Invalid TOML in {file} at line 3, column 7 (Table redefined): fix the syntax on that line; text values"
            + " need double quotes, such as freshness = \"3m\"");
  }

  @Test
  void unknownSectionNamesTheValidOnes() {
    assertFails(
        """
        [kafak]
        bootstrap.servers = "broker:9092"
        """,
        "Unknown section [kafak] in {file}: valid sections are [indexer], [kafka], [lake], [query],"
            + " [schema_registry]");
  }

  @Test
  void keyOutsideAnySectionSaysWhereToMoveIt() {
    assertFails(
        """
        freshness = "3m"
        """,
        "Key 'freshness' in {file} is outside any section: move it into [indexer], [kafka], [lake], [query] or"
            + " [schema_registry]");
  }

  @Test
  void sectionWrittenAsAValueSaysHowToWriteASection() {
    assertFails(
        """
        indexer = "fast"
        """,
        "Key 'indexer' in {file} must be a section: write [indexer] on a line of its own with its keys below it");
  }

  @Test
  void unknownIndexerKeyNamesTheValidKeysSorted() {
    assertFails(
        """
        [indexer]
        freshnes = "3m"
        """,
        "Unknown key 'freshnes' in [indexer] of {file}: valid keys are freshness, group_id, heartbeat_timeout,"
            + " http_bind_address, http_port, key_index_memory, max_open_files, namespace, owners_topic, parquet_encoder, poll_interval, session_timeout,"
            + " status_topic, tables_topic, target_file_size, topic_min_insync_replicas, topic_replication_factor, workers, writer_memory, writer_threads");
  }

  @Test
  void unknownLakeKeyNamesTheValidKeysSorted() {
    assertFails(
        """
        [lake]
        catalog = "rest"
        warehous = "s3://mink-lake"
        """,
        "Unknown key 'warehous' in [lake] of {file}: valid keys are catalog, format, properties, uri, warehouse");
  }

  @Test
  void unknownKafkaPropertySuggestsTheClosestOne() {
    assertFails(
        """
        [kafka]
        bootstrap.server = "broker:9092"
        """,
        "Unknown Kafka property 'bootstrap.server' in [kafka] of {file}: it is not a Kafka client property;"
            + " did you mean 'bootstrap.servers'?");
  }

  @Test
  void unknownKafkaPropertyFarFromAnyGetsAnExample() {
    assertFails(
        """
        [kafka]
        bootstrap.servers = "broker:9092"
        schema.registry.url = "http://registry:8081"
        """,
        "Unknown Kafka property 'schema.registry.url' in [kafka] of {file}: it is not a Kafka client property;"
            + " use a consumer, producer or admin client property, such as 'bootstrap.servers'");
  }

  @Test
  void kafkaKeySetBothDottedAndQuotedMustBeSetOnce() {
    assertFails(
        """
        [kafka]
        "bootstrap.servers" = "a:9092"
        bootstrap.servers = "b:9092"
        """,
        "Key 'bootstrap.servers' is set twice in [kafka] of {file}, as \"bootstrap.servers\" and as"
            + " bootstrap.servers: keep one");
  }

  @Test
  void kafkaValueMustBeScalarOrArrayOfScalars() {
    assertFails(
        """
        [kafka]
        bootstrap.servers = [{ host = "a" }]
        """,
        "Invalid value [{\"host\":\"a\"}] for kafka.bootstrap.servers in {file}: use text, a number, a boolean"
            + " or an array of them");
  }

  @Test
  void lakePropertiesMustBeATable() {
    assertFails(
        """
        [lake]
        catalog = "hadoop"
        warehouse = "/data"
        properties = "s3.endpoint=http://rustfs:9000"
        """,
        "Invalid value \"s3.endpoint=http://rustfs:9000\" for lake.properties in {file}: use a table of text,"
            + " such as [lake.properties] with \"s3.endpoint\" = \"http://rustfs:9000\"");
  }

  private void assertFails(String toml, String message) {
    Path file = directory.resolve("mink.toml");
    try {
      Files.writeString(file, toml);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    assertThatThrownBy(() -> MinkConfigLoader.load(file, Map.of(), directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage(message.replace("{file}", file.toString()));
  }
}
