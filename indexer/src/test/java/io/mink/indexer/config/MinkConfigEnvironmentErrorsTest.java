package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MinkConfigEnvironmentErrorsTest {
  @TempDir
  Path directory;

  @Test
  void unknownIndexerVariableNamesTheValidOnes() {
    assertFails(
        Map.of("MINK_INDEXER_FRESHNES", "3m"),
        "Unknown variable MINK_INDEXER_FRESHNES: valid MINK_INDEXER_* variables are MINK_INDEXER_FRESHNESS,"
            + " MINK_INDEXER_GROUP_ID, MINK_INDEXER_HEARTBEAT_TIMEOUT, MINK_INDEXER_HTTP_BIND_ADDRESS,"
            + " MINK_INDEXER_HTTP_PORT, MINK_INDEXER_KEY_INDEX_MEMORY, MINK_INDEXER_MAX_OPEN_FILES, MINK_INDEXER_NAMESPACE, MINK_INDEXER_OWNERS_TOPIC,"
            + " MINK_INDEXER_PARQUET_ENCODER, MINK_INDEXER_POLL_INTERVAL, MINK_INDEXER_SESSION_TIMEOUT, MINK_INDEXER_STATUS_TOPIC,"
            + " MINK_INDEXER_TABLES_TOPIC, MINK_INDEXER_TARGET_FILE_SIZE, MINK_INDEXER_TOPIC_MIN_INSYNC_REPLICAS, MINK_INDEXER_TOPIC_REPLICATION_FACTOR, MINK_INDEXER_WORKERS,"
            + " MINK_INDEXER_WRITER_MEMORY, MINK_INDEXER_WRITER_THREADS");
  }

  @Test
  void unknownLakeVariableNamesTheValidOnes() {
    assertFails(
        Map.of("MINK_LAKE_WAREHOUS", "s3://mink-lake"),
        "Unknown variable MINK_LAKE_WAREHOUS: valid MINK_LAKE_* variables are MINK_LAKE_CATALOG, MINK_LAKE_FORMAT,"
            + " MINK_LAKE_URI, MINK_LAKE_WAREHOUSE and MINK_LAKE_PROPERTIES_<PROPERTY>");
  }

  @Test
  void lakePropertiesCannotBeSetAsAWhole() {
    assertFails(
        Map.of("MINK_LAKE_PROPERTIES", "s3.endpoint=http://rustfs:9000"),
        "Unknown variable MINK_LAKE_PROPERTIES: valid MINK_LAKE_* variables are MINK_LAKE_CATALOG, MINK_LAKE_FORMAT,"
            + " MINK_LAKE_URI, MINK_LAKE_WAREHOUSE and MINK_LAKE_PROPERTIES_<PROPERTY>");
  }

  @Test
  void unknownKafkaVariableSuggestsTheClosestVariable() {
    assertFails(
        Map.of("MINK_KAFKA_SECURITY_PROTOCOLL", "SSL"),
        "Unknown Kafka property 'security.protocoll' in MINK_KAFKA_SECURITY_PROTOCOLL: it is not a Kafka client"
            + " property; did you mean MINK_KAFKA_SECURITY_PROTOCOL?");
  }

  @Test
  void anyLakeVariableMakesTheLakeNeedACatalogAndWarehouse() {
    assertFails(
        Map.of("MINK_LAKE_PROPERTIES_S3_ENDPOINT", "http://rustfs:9000"),
        "No catalog in [lake]: set catalog in [lake] of the config file, or MINK_LAKE_CATALOG, to one of glue, hadoop,"
            + " jdbc, rest; leave out [lake] and the MINK_LAKE_* variables to use the embedded lake");
  }

  @Test
  void invalidVariableValueNamesTheVariable() {
    assertFails(
        Map.of("MINK_INDEXER_WRITER_THREADS", "many"),
        "Invalid value 'many' for MINK_INDEXER_WRITER_THREADS: use a whole number of at least 1, such as 4");
    assertFails(
        Map.of("MINK_INDEXER_POLL_INTERVAL", "soon"),
        "Invalid duration 'soon' for MINK_INDEXER_POLL_INTERVAL: use a number followed by ms, s, m, h or d, such as"
            + " 30s or 3m");
  }

  @Test
  void unknownOverrideSectionSaysWhichThereAre() {
    assertOverrideFails(
        Map.of("bootstrap", "flag:9092"),
        "Unknown override 'bootstrap': use kafka.<property>, indexer.<key>, lake.<key>, "
            + "lake.properties.<property>, schema_registry.<key> or query.<key>");
  }

  @Test
  void unknownOverrideKeyNamesTheValidKeys() {
    assertOverrideFails(
        Map.of("lake.warehous", "/data"),
        "Unknown override 'lake.warehous': valid keys in [lake] are catalog, format, properties.<property>, uri,"
            + " warehouse");
  }

  @Test
  void unknownKafkaOverrideSuggestsTheClosestOverride() {
    assertOverrideFails(
        Map.of("kafka.bootstrap.server", "flag:9092"),
        "Unknown Kafka property 'bootstrap.server' in override kafka.bootstrap.server: it is not a Kafka client"
            + " property; did you mean kafka.bootstrap.servers?");
  }

  private void assertFails(Map<String, String> variables, String message) {
    Map<String, String> environment = new HashMap<>(variables);
    environment.put("MINK_KAFKA_BOOTSTRAP_SERVERS", "env:9092");
    assertThatThrownBy(() -> MinkConfigLoader.load(null, environment, directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage(message);
  }

  private void assertOverrideFails(Map<String, String> overrides, String message) {
    assertThatThrownBy(() -> MinkConfigLoader.load(
            null, Map.of("MINK_KAFKA_BOOTSTRAP_SERVERS", "env:9092"), directory, overrides))
        .isInstanceOf(ConfigException.class)
        .hasMessage(message);
  }
}
