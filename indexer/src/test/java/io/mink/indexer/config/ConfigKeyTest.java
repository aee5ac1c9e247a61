package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.mink.lake.catalog.LakeSettings;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ConfigKeyTest {
  @Test
  void defaultsAreRecorded() {
    assertThat(IndexerSettings.defaults())
        .isEqualTo(new IndexerSettings(
            "kafka",
            Duration.ofMinutes(3),
            Duration.ofSeconds(30),
            128L * 1024 * 1024,
            Math.max(1, Runtime.getRuntime().availableProcessors()),
            "_mink_tables",
            "mink"));
  }

  @Test
  void schedulingAndOwnershipDefaultsAreRecorded() {
    IndexerSettings defaults = IndexerSettings.defaults();
    assertThat(defaults.workers()).isEqualTo(2);
    assertThat(defaults.heartbeatTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(defaults.sessionTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(defaults.ownersTopic()).isEqualTo("_mink_owners");
  }

  @Test
  void documentedDefaultsAreRecorded() {
    assertThat(byName(ConfigKey::documentedDefault))
        .containsExactly(
            entry("indexer.freshness", "3m"),
            entry("indexer.group_id", "mink"),
            entry("indexer.heartbeat_timeout", "30s"),
            entry("indexer.http_bind_address", "0.0.0.0"),
            entry("indexer.http_port", "9464"),
            entry("indexer.key_index_memory", "25%"),
            entry("indexer.max_open_files", "64"),
            entry("indexer.namespace", "kafka"),
            entry("indexer.owners_topic", "_mink_owners"),
            entry("indexer.parquet_encoder", "parquet-java"),
            entry("indexer.poll_interval", "30s"),
            entry("indexer.session_timeout", "10s"),
            entry("indexer.status_topic", "_mink_status"),
            entry("indexer.tables_topic", "_mink_tables"),
            entry("indexer.target_file_size", "128MiB"),
            entry("indexer.topic_min_insync_replicas", "the brokers' setting"),
            entry("indexer.topic_replication_factor", "3, or the number of brokers when fewer"),
            entry("indexer.workers", "2"),
            entry("indexer.writer_memory", "25%"),
            entry("indexer.writer_threads", "the number of available processors"),
            entry("lake.catalog", "none, required with [lake]"),
            entry("lake.format", "iceberg"),
            entry("lake.properties", "none"),
            entry("lake.uri", "none, required by the jdbc and rest catalogs"),
            entry("lake.warehouse", "none, required with [lake]"),
            entry("query.allow_insecure", "false"),
            entry("query.batch_size", "8192"),
            entry("query.database", "the [indexer] namespace"),
            entry("query.listen", "127.0.0.1:9130; 0.0.0.0:9130 with TLS and a login"),
            entry("query.memory_limit", "none: DuckDB's own, 80% of the machine's memory"),
            entry("query.password", "none"),
            entry("query.target_partitions", "the number of available processors"),
            entry("query.tls_cert", "none: no TLS"),
            entry("query.tls_key", "none"),
            entry("query.user", "none: no authentication"),
            entry("schema_registry.basic_auth_user_info", "none"),
            entry("schema_registry.bearer_token", "none"),
            entry("schema_registry.bearer_token_file", "none"),
            entry("schema_registry.glue_access_key_id", "none: the default AWS credentials chain"),
            entry(
                "schema_registry.glue_credentials_file",
                "the AWS SDK's: ~/.aws/credentials and ~/.aws/config"),
            entry("schema_registry.glue_endpoint", "the region's"),
            entry("schema_registry.glue_profile", "none: the default AWS credentials chain"),
            entry("schema_registry.glue_region", "none"),
            entry("schema_registry.glue_registry_name", "none"),
            entry("schema_registry.glue_secret_access_key", "none"),
            entry("schema_registry.glue_session_token", "none"),
            entry("schema_registry.request_timeout", "30s"),
            entry("schema_registry.ssl_key_password", "the key store's password"),
            entry("schema_registry.ssl_keystore_location", "none"),
            entry("schema_registry.ssl_keystore_password", "none"),
            entry("schema_registry.ssl_keystore_type", "PKCS12"),
            entry("schema_registry.ssl_truststore_location", "the JDK's trust"),
            entry("schema_registry.ssl_truststore_password", "none"),
            entry("schema_registry.ssl_truststore_type", "PKCS12"),
            entry("schema_registry.url", "none"));
  }

  @Test
  void lakeFormatDefaultIsTheOneLakeSettingsKnows() {
    assertThat(ConfigKey.LAKE_FORMAT.defaultValue()).contains(LakeSettings.DEFAULT_FORMAT);
  }

  @Test
  void requiredAndOptionalLakeKeysHaveNoDefaultValue() {
    assertThat(ConfigKey.LAKE_CATALOG.defaultValue()).isEmpty();
    assertThat(ConfigKey.LAKE_URI.defaultValue()).isEmpty();
    assertThat(ConfigKey.LAKE_WAREHOUSE.defaultValue()).isEmpty();
    assertThat(ConfigKey.LAKE_PROPERTIES.defaultValue()).isEmpty();
  }

  @Test
  void everyKeyIsDocumented() {
    for (ConfigKey key : ConfigKey.values()) {
      assertThat(key.description()).as(key.qualifiedName()).isNotBlank();
      assertThat(key.example()).as(key.qualifiedName()).isNotBlank();
    }
  }

  @Test
  void environmentVariableIsSectionAndKeyInUpperCase() {
    assertThat(byName(ConfigKey::environmentVariable))
        .contains(
            entry("indexer.poll_interval", "MINK_INDEXER_POLL_INTERVAL"),
            entry("indexer.writer_threads", "MINK_INDEXER_WRITER_THREADS"),
            entry("lake.uri", "MINK_LAKE_URI"),
            entry("lake.catalog", "MINK_LAKE_CATALOG"),
            entry("query.batch_size", "MINK_QUERY_BATCH_SIZE"),
            entry("query.memory_limit", "MINK_QUERY_MEMORY_LIMIT"));
  }

  @Test
  void keysOfASectionAreSortedByName() {
    assertThat(ConfigKey.in(ConfigKey.INDEXER))
        .extracting(ConfigKey::key)
        .containsExactly(
            "freshness",
            "group_id",
            "heartbeat_timeout",
            "http_bind_address",
            "http_port",
            "key_index_memory",
            "max_open_files",
            "namespace",
            "owners_topic",
            "parquet_encoder",
            "poll_interval",
            "session_timeout",
            "status_topic",
            "tables_topic",
            "target_file_size",
            "topic_min_insync_replicas",
            "topic_replication_factor",
            "workers",
            "writer_memory",
            "writer_threads");
    assertThat(ConfigKey.in(ConfigKey.LAKE))
        .extracting(ConfigKey::key)
        .containsExactly("catalog", "format", "properties", "uri", "warehouse");
    assertThat(ConfigKey.in(ConfigKey.QUERY))
        .extracting(ConfigKey::key)
        .containsExactly(
            "allow_insecure",
            "batch_size",
            "database",
            "listen",
            "memory_limit",
            "password",
            "target_partitions",
            "tls_cert",
            "tls_key",
            "user");
  }

  @Test
  void findsKeysBySectionAndName() {
    assertThat(ConfigKey.find("indexer", "freshness")).contains(ConfigKey.FRESHNESS);
    assertThat(ConfigKey.find("lake", "freshness")).isEmpty();
  }

  private static Map<String, String> byName(Function<ConfigKey, String> value) {
    return Arrays.stream(ConfigKey.values())
        .collect(Collectors.toMap(ConfigKey::qualifiedName, value, (a, b) -> a, TreeMap::new));
  }
}
