package io.mink.indexer.config;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Every key of the [indexer] and [lake] sections of {@code mink.toml}: its name, default, an example and what it does.
 * The loader, the defaults and the documentation all read them from here. [kafka] takes any Kafka client property.
 */
public enum ConfigKey {
  NAMESPACE(
      ConfigKey.INDEXER,
      "namespace",
      "kafka",
      "\"kafka\"",
      "The Iceberg namespace of new tables whose name has none"),
  FRESHNESS(
      ConfigKey.INDEXER,
      "freshness",
      "3m",
      "\"3m\"",
      "The default freshness of new tables: the interval between a table's rounds, and the longest a round runs before it commits what it has read"),
  POLL_INTERVAL(
      ConfigKey.INDEXER,
      "poll_interval",
      "30s",
      "\"30s\"",
      "How often the sidecar re-reads the table list and looks for tables that are due"),
  TARGET_FILE_SIZE(
      ConfigKey.INDEXER,
      "target_file_size",
      "128MiB",
      "\"128MiB\"",
      "The size at which a Parquet data file is closed and the next one begun"),
  WRITER_THREADS(
      ConfigKey.INDEXER,
      "writer_threads",
      ConfigKey::availableProcessors,
      "the number of available processors",
      "4",
      "How many threads write Parquet files, at least 1"),
  TABLES_TOPIC(
      ConfigKey.INDEXER,
      "tables_topic",
      "_mink_tables",
      "\"_mink_tables\"",
      "The compacted Kafka topic that holds the tables added to Mink"),
  GROUP_ID(
      ConfigKey.INDEXER,
      "group_id",
      "mink",
      "\"mink\"",
      "The Kafka consumer group whose committed offsets show indexing progress to Kafka's lag tools"),
  WORKERS(
      ConfigKey.INDEXER,
      "workers",
      "2",
      "4",
      "How many rounds, each of a different table, run at once; they share the writer threads"),
  HEARTBEAT_TIMEOUT(
      ConfigKey.INDEXER,
      "heartbeat_timeout",
      "30s",
      "\"30s\"",
      "How long a running round may go without a heartbeat (it beats every third of this) before its table goes "
          + "back to Pending under a new epoch and the silent round may no longer commit"),
  SESSION_TIMEOUT(
      ConfigKey.INDEXER,
      "session_timeout",
      "10s",
      "\"10s\"",
      "How long Kafka waits for a silent sidecar instance before its tables move to the other instances; within "
          + "the brokers' group.min.session.timeout.ms and group.max.session.timeout.ms"),
  OWNERS_TOPIC(
      ConfigKey.INDEXER,
      "owners_topic",
      "_mink_owners",
      "\"_mink_owners\"",
      "The Kafka topic whose partitions the sidecar instances share, and with them the tables: the instances "
          + "with the same group_id are members of consumer group group_id.owners; created with 32 partitions when "
          + "missing and never written to"),
  WRITER_MEMORY(
      ConfigKey.INDEXER,
      "writer_memory",
      "25%",
      "\"256MiB\"",
      "The most the instance's open Parquet files buffer together: a size, or a share of the JVM's maximum heap "
          + "such as 25%; each open file's row group is this divided by max_open_files"),
  MAX_OPEN_FILES(
      ConfigKey.INDEXER,
      "max_open_files",
      "64",
      "64",
      "The most Parquet files the instance has open at once, shared evenly by the workers; a round with more "
          + "partitions reads them that many at a time; at least the number of workers"),
  STATUS_TOPIC(
      ConfigKey.INDEXER,
      "status_topic",
      "_mink_status",
      "\"_mink_status\"",
      "The compacted Kafka topic every sidecar instance publishes the status of the tables it owns to, on each "
          + "change and every 10 s, for mink cluster stats; created with one partition when missing"),
  HTTP_PORT(
      ConfigKey.INDEXER,
      "http_port",
      "9464",
      "9464",
      "The port of the sidecar's HTTP server: Prometheus metrics at /metrics, and /health and /ready "
          + "(docs/monitoring.md); 0 turns the server off"),
  HTTP_BIND_ADDRESS(
      ConfigKey.INDEXER,
      "http_bind_address",
      "0.0.0.0",
      "\"127.0.0.1\"",
      "The address the sidecar's HTTP server listens on: 0.0.0.0 for every interface, 127.0.0.1 for this host only"),
  TOPIC_REPLICATION_FACTOR(
      ConfigKey.INDEXER,
      "topic_replication_factor",
      () -> null,
      "3, or the number of brokers when fewer",
      "3",
      "The replication factor Mink creates its own topics with (tables_topic, status_topic, owners_topic); at most "
          + "the number of brokers"),
  TOPIC_MIN_INSYNC_REPLICAS(
      ConfigKey.INDEXER,
      "topic_min_insync_replicas",
      () -> null,
      "the brokers' setting",
      "2",
      "The min.insync.replicas of Mink's own topics; Mink writes them with acks=all, so at most the replication "
          + "factor"),

  LAKE_FORMAT(ConfigKey.LAKE, "format", "iceberg", "\"iceberg\"", "The table format; only iceberg"),
  LAKE_CATALOG(
      ConfigKey.LAKE,
      "catalog",
      () -> null,
      "none, required with [lake]",
      "\"rest\"",
      "The Iceberg catalog type: glue, hadoop, jdbc or rest"),
  LAKE_URI(
      ConfigKey.LAKE,
      "uri",
      () -> null,
      "none, required by the jdbc and rest catalogs",
      "\"http://iceberg-rest:8181\"",
      "The catalog's URI: the REST endpoint or the JDBC URL"),
  LAKE_WAREHOUSE(
      ConfigKey.LAKE,
      "warehouse",
      () -> null,
      "none, required with [lake]",
      "\"s3://mink-lake\"",
      "Where the data and metadata files go"),
  LAKE_PROPERTIES(
      ConfigKey.LAKE,
      "properties",
      () -> null,
      "none",
      "{ \"s3.endpoint\" = \"http://rustfs:9000\" }",
      "A table of strings handed as they are to the Iceberg catalog and its FileIO"),

  REGISTRY_URL(
      ConfigKey.SCHEMA_REGISTRY,
      "url",
      () -> null,
      "none",
      "\"http://schema-registry:8081\"",
      "Confluent-compatible schema registry URLs, comma separated; user info in a URL is its basic auth"),
  REGISTRY_BASIC_AUTH(
      ConfigKey.SCHEMA_REGISTRY,
      "basic_auth_user_info",
      () -> null,
      "none",
      "\"user:password\"",
      "Basic auth for the registry, as user:password"),
  REGISTRY_BEARER_TOKEN(
      ConfigKey.SCHEMA_REGISTRY,
      "bearer_token",
      () -> null,
      "none",
      "\"eyJhbGciOi...\"",
      "A bearer token for the registry, sent as Authorization: Bearer"),
  REGISTRY_TRUSTSTORE(
      ConfigKey.SCHEMA_REGISTRY,
      "ssl_truststore_location",
      () -> null,
      "the JDK's trust",
      "\"/etc/mink/registry-trust.p12\"",
      "Certificates to trust for an https registry"),
  REGISTRY_TRUSTSTORE_PASSWORD(
      ConfigKey.SCHEMA_REGISTRY,
      "ssl_truststore_password",
      () -> null,
      "none",
      "\"changeit\"",
      "The trust store's password"),
  REGISTRY_TRUSTSTORE_TYPE(
      ConfigKey.SCHEMA_REGISTRY,
      "ssl_truststore_type",
      "PKCS12",
      "\"JKS\"",
      "The trust store's type: PKCS12 or JKS"),
  REGISTRY_KEYSTORE(
      ConfigKey.SCHEMA_REGISTRY,
      "ssl_keystore_location",
      () -> null,
      "none",
      "\"/etc/mink/registry-client.p12\"",
      "A client certificate and key for mutual TLS to the registry"),
  REGISTRY_KEYSTORE_PASSWORD(
      ConfigKey.SCHEMA_REGISTRY,
      "ssl_keystore_password",
      () -> null,
      "none",
      "\"changeit\"",
      "The key store's password"),
  REGISTRY_KEYSTORE_TYPE(
      ConfigKey.SCHEMA_REGISTRY,
      "ssl_keystore_type",
      "PKCS12",
      "\"JKS\"",
      "The key store's type: PKCS12 or JKS"),
  REGISTRY_KEY_PASSWORD(
      ConfigKey.SCHEMA_REGISTRY,
      "ssl_key_password",
      () -> null,
      "the key store's password",
      "\"changeit\"",
      "The password of the key in the key store"),
  REGISTRY_REQUEST_TIMEOUT(
      ConfigKey.SCHEMA_REGISTRY,
      "request_timeout",
      "30s",
      "\"30s\"",
      "How long one registry request may take before it is retried"),
  GLUE_REGION(
      ConfigKey.SCHEMA_REGISTRY,
      "glue_region",
      () -> null,
      "none",
      "\"us-east-1\"",
      "The AWS region of the Glue schema registry; setting it enables Glue schema version ids"),
  GLUE_REGISTRY_NAME(
      ConfigKey.SCHEMA_REGISTRY,
      "glue_registry_name",
      () -> null,
      "none",
      "\"orders-registry\"",
      "The Glue registry the producers use, shown in messages"),
  GLUE_ENDPOINT(
      ConfigKey.SCHEMA_REGISTRY,
      "glue_endpoint",
      () -> null,
      "the region's",
      "\"http://localhost:4566\"",
      "Glue's endpoint, for a private endpoint or a stand-in; credentials come from the default AWS chain");

  public static final String INDEXER = "indexer";
  public static final String LAKE = "lake";
  public static final String SCHEMA_REGISTRY = "schema_registry";

  private final String section;
  private final String name;
  private final Supplier<String> defaultValue;
  private final String documentedDefault;
  private final String example;
  private final String description;

  ConfigKey(String section, String name, String defaultValue, String example, String description) {
    this(section, name, () -> defaultValue, defaultValue, example, description);
  }

  ConfigKey(
      String section,
      String name,
      Supplier<String> defaultValue,
      String documentedDefault,
      String example,
      String description) {
    this.section = requireNonNull(section, "section is null");
    this.name = requireNonNull(name, "name is null");
    this.defaultValue = requireNonNull(defaultValue, "defaultValue is null");
    this.documentedDefault = requireNonNull(documentedDefault, "documentedDefault is null");
    this.example = requireNonNull(example, "example is null");
    this.description = requireNonNull(description, "description is null");
  }

  /** The section the key belongs in, without brackets: indexer or lake. */
  public String section() {
    return section;
  }

  /** The key as written in its section, such as poll_interval. */
  public String key() {
    return name;
  }

  /** The section and key, such as indexer.poll_interval. */
  public String qualifiedName() {
    return section + "." + name;
  }

  /** The environment variable that overrides the key, such as MINK_INDEXER_POLL_INTERVAL. */
  public String environmentVariable() {
    return "MINK_"
        + (section + "_" + name).toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
  }

  /** The value used when the key is not set, as it would be written in the file; empty when there is none. */
  public Optional<String> defaultValue() {
    return Optional.ofNullable(defaultValue.get());
  }

  /** The default as the documentation states it. */
  public String documentedDefault() {
    return documentedDefault;
  }

  /** A value as written in TOML, such as "3m" with its quotes or 4. */
  public String example() {
    return example;
  }

  public String description() {
    return description;
  }

  /** The keys of one section, sorted by name. */
  public static List<ConfigKey> in(String section) {
    return Arrays.stream(values())
        .filter(key -> key.section.equals(section))
        .sorted((a, b) -> a.name.compareTo(b.name))
        .toList();
  }

  public static Optional<ConfigKey> find(String section, String name) {
    return in(section).stream().filter(key -> key.name.equals(name)).findFirst();
  }

  private static String availableProcessors() {
    return String.valueOf(Math.max(1, Runtime.getRuntime().availableProcessors()));
  }
}
