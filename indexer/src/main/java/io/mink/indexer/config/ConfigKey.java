package io.mink.indexer.config;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Every key of the [indexer], [lake], [schema_registry] and [query] sections of {@code mink.toml}: its name, default,
 * an example and what it does. The loader, the defaults and the documentation all read them from here;
 * {@link IndexerKeys}, {@link LakeKeys}, {@link SchemaRegistryKeys} and {@link QueryKeys} define them. [kafka] takes
 * any Kafka client property.
 */
public enum ConfigKey {
  NAMESPACE(IndexerKeys.NAMESPACE),
  FRESHNESS(IndexerKeys.FRESHNESS),
  POLL_INTERVAL(IndexerKeys.POLL_INTERVAL),
  TARGET_FILE_SIZE(IndexerKeys.TARGET_FILE_SIZE),
  WRITER_THREADS(IndexerKeys.WRITER_THREADS),
  TABLES_TOPIC(IndexerKeys.TABLES_TOPIC),
  GROUP_ID(IndexerKeys.GROUP_ID),
  WORKERS(IndexerKeys.WORKERS),
  HEARTBEAT_TIMEOUT(IndexerKeys.HEARTBEAT_TIMEOUT),
  SESSION_TIMEOUT(IndexerKeys.SESSION_TIMEOUT),
  OWNERS_TOPIC(IndexerKeys.OWNERS_TOPIC),
  WRITER_MEMORY(IndexerKeys.WRITER_MEMORY),
  KEY_INDEX_MEMORY(IndexerKeys.KEY_INDEX_MEMORY),
  MAX_OPEN_FILES(IndexerKeys.MAX_OPEN_FILES),
  PARQUET_ENCODER(IndexerKeys.PARQUET_ENCODER),
  STATUS_TOPIC(IndexerKeys.STATUS_TOPIC),
  HTTP_PORT(IndexerKeys.HTTP_PORT),
  HTTP_BIND_ADDRESS(IndexerKeys.HTTP_BIND_ADDRESS),
  TOPIC_REPLICATION_FACTOR(IndexerKeys.TOPIC_REPLICATION_FACTOR),
  TOPIC_MIN_INSYNC_REPLICAS(IndexerKeys.TOPIC_MIN_INSYNC_REPLICAS),
  LAKE_FORMAT(LakeKeys.LAKE_FORMAT),
  LAKE_CATALOG(LakeKeys.LAKE_CATALOG),
  LAKE_URI(LakeKeys.LAKE_URI),
  LAKE_WAREHOUSE(LakeKeys.LAKE_WAREHOUSE),
  LAKE_PROPERTIES(LakeKeys.LAKE_PROPERTIES),
  REGISTRY_URL(SchemaRegistryKeys.REGISTRY_URL),
  REGISTRY_BASIC_AUTH(SchemaRegistryKeys.REGISTRY_BASIC_AUTH),
  REGISTRY_BEARER_TOKEN(SchemaRegistryKeys.REGISTRY_BEARER_TOKEN),
  REGISTRY_BEARER_TOKEN_FILE(SchemaRegistryKeys.REGISTRY_BEARER_TOKEN_FILE),
  REGISTRY_TRUSTSTORE(SchemaRegistryKeys.REGISTRY_TRUSTSTORE),
  REGISTRY_TRUSTSTORE_PASSWORD(SchemaRegistryKeys.REGISTRY_TRUSTSTORE_PASSWORD),
  REGISTRY_TRUSTSTORE_TYPE(SchemaRegistryKeys.REGISTRY_TRUSTSTORE_TYPE),
  REGISTRY_KEYSTORE(SchemaRegistryKeys.REGISTRY_KEYSTORE),
  REGISTRY_KEYSTORE_PASSWORD(SchemaRegistryKeys.REGISTRY_KEYSTORE_PASSWORD),
  REGISTRY_KEYSTORE_TYPE(SchemaRegistryKeys.REGISTRY_KEYSTORE_TYPE),
  REGISTRY_KEY_PASSWORD(SchemaRegistryKeys.REGISTRY_KEY_PASSWORD),
  REGISTRY_REQUEST_TIMEOUT(SchemaRegistryKeys.REGISTRY_REQUEST_TIMEOUT),
  GLUE_REGION(SchemaRegistryKeys.GLUE_REGION),
  GLUE_REGISTRY_NAME(SchemaRegistryKeys.GLUE_REGISTRY_NAME),
  GLUE_ENDPOINT(SchemaRegistryKeys.GLUE_ENDPOINT),
  GLUE_ACCESS_KEY_ID(SchemaRegistryKeys.GLUE_ACCESS_KEY_ID),
  GLUE_SECRET_ACCESS_KEY(SchemaRegistryKeys.GLUE_SECRET_ACCESS_KEY),
  GLUE_SESSION_TOKEN(SchemaRegistryKeys.GLUE_SESSION_TOKEN),
  GLUE_PROFILE(SchemaRegistryKeys.GLUE_PROFILE),
  GLUE_CREDENTIALS_FILE(SchemaRegistryKeys.GLUE_CREDENTIALS_FILE),
  QUERY_ALLOW_INSECURE(QueryKeys.ALLOW_INSECURE),
  QUERY_BATCH_SIZE(QueryKeys.BATCH_SIZE),
  QUERY_DATABASE(QueryKeys.DATABASE),
  QUERY_LISTEN(QueryKeys.LISTEN),
  QUERY_MEMORY_LIMIT(QueryKeys.MEMORY_LIMIT),
  QUERY_PASSWORD(QueryKeys.PASSWORD),
  QUERY_TARGET_PARTITIONS(QueryKeys.TARGET_PARTITIONS),
  QUERY_TLS_CERT(QueryKeys.TLS_CERT),
  QUERY_TLS_KEY(QueryKeys.TLS_KEY),
  QUERY_USER(QueryKeys.USER);

  public static final String INDEXER = "indexer";
  public static final String LAKE = "lake";
  public static final String SCHEMA_REGISTRY = "schema_registry";
  public static final String QUERY = "query";

  private final KeyDefinition definition;

  ConfigKey(KeyDefinition definition) {
    this.definition = requireNonNull(definition, "definition is null");
  }

  /** The section the key belongs in, without brackets: indexer, lake, schema_registry or query. */
  public String section() {
    return definition.section();
  }

  /** The key as written in its section, such as poll_interval. */
  public String key() {
    return definition.name();
  }

  /** The section and key, such as indexer.poll_interval. */
  public String qualifiedName() {
    return definition.section() + "." + definition.name();
  }

  /** The environment variable that overrides the key, such as MINK_INDEXER_POLL_INTERVAL. */
  public String environmentVariable() {
    return "MINK_"
        + (definition.section() + "_" + definition.name())
            .toUpperCase(Locale.ROOT)
            .replace('.', '_')
            .replace('-', '_');
  }

  /** The value used when the key is not set, as it would be written in the file; empty when there is none. */
  public Optional<String> defaultValue() {
    return Optional.ofNullable(definition.defaultValue().get());
  }

  /** The default as the documentation states it. */
  public String documentedDefault() {
    return definition.documentedDefault();
  }

  /** A value as written in TOML, such as "3m" with its quotes or 4. */
  public String example() {
    return definition.example();
  }

  public String description() {
    return definition.description();
  }

  /** The keys of one section, sorted by name. */
  public static List<ConfigKey> in(String section) {
    return Arrays.stream(values())
        .filter(key -> key.section().equals(section))
        .sorted((a, b) -> a.key().compareTo(b.key()))
        .toList();
  }

  public static Optional<ConfigKey> find(String section, String name) {
    return in(section).stream().filter(key -> key.key().equals(name)).findFirst();
  }
}
