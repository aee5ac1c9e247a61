package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MinkConfigValueErrorsTest {
  private static final String KAFKA = "[kafka]\nbootstrap.servers = \"broker:9092\"\n";
  private static final String LAKE_ERROR_HINT =
      "; leave out [lake] and the MINK_LAKE_* variables to use the embedded lake";

  @TempDir
  Path directory;

  @Test
  void missingBootstrapServersSaysWhereToSetThem() {
    assertFails(
        """
        [indexer]
        freshness = "3m"
        """,
        "No Kafka bootstrap servers: set bootstrap.servers in [kafka] of the config file, or"
            + " MINK_KAFKA_BOOTSTRAP_SERVERS");
  }

  @Test
  void noFileAndNoBootstrapVariableIsMissingBootstrapServers() {
    assertThatThrownBy(
            () -> MinkConfigLoader.load(null, Map.of("MINK_HOME", "/opt/mink"), directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "No Kafka bootstrap servers: set bootstrap.servers in [kafka] of the config file, or"
                + " MINK_KAFKA_BOOTSTRAP_SERVERS");
  }

  @Test
  void blankBootstrapServersAreMissing() {
    assertFails(
        """
        [kafka]
        bootstrap.servers = " "
        """,
        "No Kafka bootstrap servers: set bootstrap.servers in [kafka] of the config file, or"
            + " MINK_KAFKA_BOOTSTRAP_SERVERS");
  }

  @Test
  void writerThreadsInQuotesIsNotANumber() {
    assertFails(
        KAFKA + "[indexer]\nwriter_threads = \"2\"\n",
        "Invalid value '2' for indexer.writer_threads in {file}: use a number without quotes, such as"
            + " writer_threads = 4");
  }

  @Test
  void writerThreadsBelowOneIsRejected() {
    assertFails(
        KAFKA + "[indexer]\nwriter_threads = 0\n",
        "Invalid value 0 for indexer.writer_threads in {file}: use a whole number of at least 1, such as 4");
  }

  @Test
  void writerThreadsMustBeWhole() {
    assertFails(
        KAFKA + "[indexer]\nwriter_threads = 1.5\n",
        "Invalid value 1.5 for indexer.writer_threads in {file}: use a whole number of at least 1, such as 4");
  }

  @Test
  void freshnessWithoutUnitIsRejected() {
    assertFails(
        KAFKA + "[indexer]\nfreshness = \"abc\"\n",
        "Invalid duration 'abc' for indexer.freshness in {file}: use a number followed by ms, s, m, h or d,"
            + " such as 30s or 3m");
  }

  @Test
  void freshnessAsANumberNeedsQuotesAndAUnit() {
    assertFails(
        KAFKA + "[indexer]\nfreshness = 3\n",
        "Invalid value 3 for indexer.freshness in {file}: use text in double quotes, such as freshness = \"3m\"");
  }

  @Test
  void zeroPollIntervalIsRejected() {
    assertFails(
        KAFKA + "[indexer]\npoll_interval = \"0s\"\n",
        "Invalid duration '0s' for indexer.poll_interval in {file}: use a duration greater than zero, such as 30s"
            + " or 3m");
  }

  @Test
  void targetFileSizeWithUnknownUnitIsRejected() {
    assertFails(
        KAFKA + "[indexer]\ntarget_file_size = \"128mb\"\n",
        "Invalid data size '128mb' for indexer.target_file_size in {file}: use a number of bytes, or a number followed"
            + " by B, KiB, MiB, GiB, TiB, KB, MB, GB or TB, such as 128MiB");
  }

  @Test
  void zeroTargetFileSizeInBytesIsRejected() {
    assertFails(
        KAFKA + "[indexer]\ntarget_file_size = 0\n",
        "Invalid data size 0 for indexer.target_file_size in {file}: use a size greater than zero, such as 128MiB");
  }

  @Test
  void namespaceMustBeAnIdentifier() {
    assertFails(
        KAFKA + "[indexer]\nnamespace = \"1-events\"\n",
        "Invalid namespace '1-events' for indexer.namespace in {file}: use a letter or underscore followed by"
            + " letters, digits or underscores, such as kafka");
  }

  @Test
  void namespaceMustBeText() {
    assertFails(
        KAFKA + "[indexer]\nnamespace = 42\n",
        "Invalid value 42 for indexer.namespace in {file}: use text in double quotes, such as namespace = \"kafka\"");
  }

  @Test
  void tablesTopicMustBeAValidTopicName() {
    assertFails(
        KAFKA + "[indexer]\ntables_topic = \"mink tables\"\n",
        "Invalid topic name 'mink tables' for indexer.tables_topic in {file}: use up to 249 letters, digits, '.',"
            + " '_' or '-', such as _mink_tables");
  }

  @Test
  void groupIdMustNotBeEmpty() {
    assertFails(
        KAFKA + "[indexer]\ngroup_id = \"\"\n",
        "Invalid value '' for indexer.group_id in {file}: use a non-empty value, such as mink");
  }

  @Test
  void formatOtherThanIcebergIsRejected() {
    assertFails(
        KAFKA + "[lake]\nformat = \"delta\"\ncatalog = \"hadoop\"\nwarehouse = \"/data\"\n",
        "Invalid format 'delta' for lake.format in {file}: use iceberg");
  }

  @Test
  void unknownCatalogTypeNamesTheValidOnes() {
    assertFails(
        KAFKA + "[lake]\ncatalog = \"hive\"\nwarehouse = \"/data\"\n",
        "Invalid catalog 'hive' for lake.catalog in {file}: use one of glue, hadoop, jdbc, rest");
  }

  @Test
  void lakeWithoutWarehouseSaysWhereToSetIt() {
    assertFails(
        KAFKA + "[lake]\ncatalog = \"rest\"\nuri = \"http://iceberg-rest:8181\"\n",
        "No warehouse in [lake]: set warehouse in [lake] of the config file, or MINK_LAKE_WAREHOUSE, such as"
            + " s3://mink-lake" + LAKE_ERROR_HINT);
  }

  @Test
  void lakeWithoutCatalogSaysWhichTypesThereAre() {
    assertFails(
        KAFKA + "[lake]\nwarehouse = \"s3://mink-lake\"\n",
        "No catalog in [lake]: set catalog in [lake] of the config file, or MINK_LAKE_CATALOG, to one of glue,"
            + " hadoop, jdbc, rest" + LAKE_ERROR_HINT);
  }

  @Test
  void emptyLakeSectionIsNotTheEmbeddedLake() {
    assertFails(
        KAFKA + "[lake]\n",
        "No catalog in [lake]: set catalog in [lake] of the config file, or MINK_LAKE_CATALOG, to one of glue,"
            + " hadoop, jdbc, rest" + LAKE_ERROR_HINT);
  }

  @Test
  void restCatalogNeedsAUri() {
    assertFails(
        KAFKA + "[lake]\ncatalog = \"rest\"\nwarehouse = \"s3://mink-lake\"\n",
        "No uri for the rest catalog in [lake]: set uri in [lake] of the config file, or MINK_LAKE_URI, such as"
            + " http://iceberg-rest:8181");
  }

  @Test
  void jdbcCatalogNeedsAUri() {
    assertFails(
        KAFKA + "[lake]\ncatalog = \"jdbc\"\nwarehouse = \"s3://mink-lake\"\n",
        "No uri for the jdbc catalog in [lake]: set uri in [lake] of the config file, or MINK_LAKE_URI, such as"
            + " jdbc:postgresql://postgres:5432/iceberg");
  }

  @Test
  void uriMustBeText() {
    assertFails(
        KAFKA + "[lake]\ncatalog = \"rest\"\nuri = 8181\nwarehouse = \"s3://mink-lake\"\n",
        "Invalid value 8181 for lake.uri in {file}: use text in double quotes, such as"
            + " uri = \"http://iceberg-rest:8181\"");
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
