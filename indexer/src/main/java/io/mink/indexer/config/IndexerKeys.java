package io.mink.indexer.config;

/** The definitions of the [indexer] keys of {@code mink.toml}, listed by {@link ConfigKey}. */
final class IndexerKeys {
  static final KeyDefinition NAMESPACE = new KeyDefinition(
      ConfigKey.INDEXER,
      "namespace",
      "kafka",
      "\"kafka\"",
      "The Iceberg namespace of new tables whose name has none");

  static final KeyDefinition FRESHNESS = new KeyDefinition(
      ConfigKey.INDEXER,
      "freshness",
      "3m",
      "\"3m\"",
      "The default freshness of new tables: the interval between a table's rounds, and the longest a round runs before it commits what it has read");

  static final KeyDefinition POLL_INTERVAL = new KeyDefinition(
      ConfigKey.INDEXER,
      "poll_interval",
      "30s",
      "\"30s\"",
      "How often the sidecar re-reads the table list and looks for tables that are due");

  static final KeyDefinition TARGET_FILE_SIZE = new KeyDefinition(
      ConfigKey.INDEXER,
      "target_file_size",
      "128MiB",
      "\"128MiB\"",
      "The size at which a Parquet data file is closed and the next one begun");

  static final KeyDefinition WRITER_THREADS = new KeyDefinition(
      ConfigKey.INDEXER,
      "writer_threads",
      IndexerKeys::availableProcessors,
      "the number of available processors",
      "4",
      "How many threads write Parquet files, at least 1");

  static final KeyDefinition TABLES_TOPIC = new KeyDefinition(
      ConfigKey.INDEXER,
      "tables_topic",
      "_mink_tables",
      "\"_mink_tables\"",
      "The compacted Kafka topic that holds the tables added to Mink");

  static final KeyDefinition GROUP_ID = new KeyDefinition(
      ConfigKey.INDEXER,
      "group_id",
      "mink",
      "\"mink\"",
      "The Kafka consumer group whose committed offsets show indexing progress to Kafka's lag tools");

  static final KeyDefinition WORKERS = new KeyDefinition(
      ConfigKey.INDEXER,
      "workers",
      "2",
      "4",
      "How many rounds, each of a different table, run at once; they share the writer threads");

  static final KeyDefinition HEARTBEAT_TIMEOUT = new KeyDefinition(
      ConfigKey.INDEXER,
      "heartbeat_timeout",
      "30s",
      "\"30s\"",
      "How long a running round may go without a heartbeat (it beats every third of this) before its table goes "
          + "back to pending under a new epoch and the silent round may no longer commit");

  static final KeyDefinition SESSION_TIMEOUT = new KeyDefinition(
      ConfigKey.INDEXER,
      "session_timeout",
      "10s",
      "\"10s\"",
      "How long Kafka waits for a silent sidecar instance before its tables move to the other instances; within "
          + "the brokers' group.min.session.timeout.ms and group.max.session.timeout.ms");

  static final KeyDefinition OWNERS_TOPIC = new KeyDefinition(
      ConfigKey.INDEXER,
      "owners_topic",
      "_mink_owners",
      "\"_mink_owners\"",
      "The Kafka topic whose partitions the sidecar instances share, and with them the tables: the instances "
          + "with the same group_id are members of consumer group group_id.owners; created with 32 partitions when "
          + "missing and never written to");

  static final KeyDefinition WRITER_MEMORY = new KeyDefinition(
      ConfigKey.INDEXER,
      "writer_memory",
      "25%",
      "\"256MiB\"",
      "The most the instance's open Parquet files buffer together: a size, or a share of the JVM's maximum heap "
          + "such as 25%; each open file's row group is this divided by max_open_files");

  static final KeyDefinition KEY_INDEX_MEMORY = new KeyDefinition(
      ConfigKey.INDEXER,
      "key_index_memory",
      "25%",
      "\"2GiB\"",
      "The most the upsert tables' key indexes hold together: a size, or a share of the JVM's maximum heap such "
          + "as 25%; a key takes 34 to 69 bytes, so a GiB holds 15 to 31 million keys; a partition whose keys do "
          + "not fit is not kept, and its rounds read its keys from the lake instead, which is slower");

  static final KeyDefinition MAX_OPEN_FILES = new KeyDefinition(
      ConfigKey.INDEXER,
      "max_open_files",
      "64",
      "64",
      "The most Parquet files the instance has open at once, shared evenly by the workers; a round with more "
          + "partitions reads them that many at a time; at least the number of workers");

  static final KeyDefinition PARQUET_ENCODER = new KeyDefinition(
      ConfigKey.INDEXER,
      "parquet_encoder",
      "parquet-java",
      "\"duckdb\"",
      "What encodes the Parquet files: parquet-java (pure Java, every platform), or duckdb (DuckDB's native "
          + "encoder: faster for typed tables, slower for raw ones; where it loads and the table's types and "
          + "partition spec allow it, else parquet-java; a thread and native memory of about two row groups per "
          + "open file)");

  static final KeyDefinition STATUS_TOPIC = new KeyDefinition(
      ConfigKey.INDEXER,
      "status_topic",
      "_mink_status",
      "\"_mink_status\"",
      "The compacted Kafka topic every sidecar instance publishes the status of the tables it owns to, on each "
          + "change and every 10 s, for mink cluster stats; created with one partition when missing");

  static final KeyDefinition HTTP_PORT = new KeyDefinition(
      ConfigKey.INDEXER,
      "http_port",
      "9464",
      "9464",
      "The port of the sidecar's HTTP server: Prometheus metrics at /metrics, and /health and /ready "
          + "(docs/monitoring.md); 0 turns the server off");

  static final KeyDefinition HTTP_BIND_ADDRESS = new KeyDefinition(
      ConfigKey.INDEXER,
      "http_bind_address",
      "0.0.0.0",
      "\"127.0.0.1\"",
      "The address the sidecar's HTTP server listens on: 0.0.0.0 for every interface, 127.0.0.1 for this host only");

  static final KeyDefinition TOPIC_REPLICATION_FACTOR = new KeyDefinition(
      ConfigKey.INDEXER,
      "topic_replication_factor",
      () -> null,
      "3, or the number of brokers when fewer",
      "3",
      "The replication factor Mink creates its own topics with (tables_topic, status_topic, owners_topic); at most "
          + "the number of brokers");

  static final KeyDefinition TOPIC_MIN_INSYNC_REPLICAS = new KeyDefinition(
      ConfigKey.INDEXER,
      "topic_min_insync_replicas",
      () -> null,
      "the brokers' setting",
      "2",
      "The min.insync.replicas of Mink's own topics; Mink writes them with acks=all, so at most the replication "
          + "factor");

  private static String availableProcessors() {
    return String.valueOf(Math.max(1, Runtime.getRuntime().availableProcessors()));
  }

  private IndexerKeys() {}
}
