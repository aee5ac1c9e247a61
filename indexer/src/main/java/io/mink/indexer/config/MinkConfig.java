package io.mink.indexer.config;

import static java.util.Objects.requireNonNull;

import io.mink.lake.catalog.LakeSettings;
import io.mink.schema.secret.SecretValues;
import io.mink.schema.secret.Secrets;
import io.mink.tables.MinkTopics;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The configuration of the sidecar, read by {@link MinkConfigLoader}.
 *
 * @param kafka the Kafka client properties, such as bootstrap.servers, with their values as text; sorted by name
 * @param lake the Iceberg catalog that holds the tables
 * @param embeddedLake whether {@code lake} is the embedded default because nothing configured one
 * @param indexer how the sidecar runs and what new tables start with
 * @param schemaRegistry the registries keys and values are decoded through; none: every part keeps its raw bytes
 * @param monitoring the status topic and the HTTP server of metrics, health and readiness
 * @param writerMemory what the open Parquet files may buffer, and how many may be open
 * @param minkTopics the replication factor and min.insync.replicas Mink creates its own topics with
 * @param query how mink-query runs statements and serves Flight SQL
 */
public record MinkConfig(
    Map<String, String> kafka,
    LakeSettings lake,
    boolean embeddedLake,
    IndexerSettings indexer,
    SchemaRegistrySettings schemaRegistry,
    MonitoringSettings monitoring,
    WriterMemorySettings writerMemory,
    MinkTopics minkTopics,
    MinkQuerySettings query) {
  public MinkConfig {
    requireNonNull(minkTopics, "minkTopics is null");
    requireNonNull(query, "query is null");
    kafka = Collections.unmodifiableMap(new TreeMap<>(requireNonNull(kafka, "kafka is null")));
    requireNonNull(lake, "lake is null");
    requireNonNull(indexer, "indexer is null");
    requireNonNull(schemaRegistry, "schemaRegistry is null");
    requireNonNull(monitoring, "monitoring is null");
    requireNonNull(writerMemory, "writerMemory is null");
  }

  /** The secret values of this configuration, to hide them wherever text from elsewhere goes out. */
  public SecretValues secretValues() {
    return ConfigSecrets.of(this);
  }

  /** The configuration with its secrets hidden. */
  @Override
  public String toString() {
    return "MinkConfig[kafka=" + Secrets.shown(kafka) + ", lake=" + lake + ", embeddedLake="
        + embeddedLake + ", indexer=" + indexer + ", schemaRegistry=" + schemaRegistry
        + ", monitoring=" + monitoring + ", writerMemory=" + writerMemory + ", minkTopics="
        + minkTopics + ", query=" + query + "]";
  }

  /** A configuration whose [query] section is at its defaults. */
  public MinkConfig(
      Map<String, String> kafka,
      LakeSettings lake,
      boolean embeddedLake,
      IndexerSettings indexer,
      SchemaRegistrySettings schemaRegistry,
      MonitoringSettings monitoring,
      WriterMemorySettings writerMemory,
      MinkTopics minkTopics) {
    this(
        kafka,
        lake,
        embeddedLake,
        indexer,
        schemaRegistry,
        monitoring,
        writerMemory,
        minkTopics,
        MinkQuerySettings.defaults());
  }

  /** A configuration whose own topics are created with the defaults. */
  public MinkConfig(
      Map<String, String> kafka,
      LakeSettings lake,
      boolean embeddedLake,
      IndexerSettings indexer,
      SchemaRegistrySettings schemaRegistry,
      MonitoringSettings monitoring,
      WriterMemorySettings writerMemory) {
    this(
        kafka,
        lake,
        embeddedLake,
        indexer,
        schemaRegistry,
        monitoring,
        writerMemory,
        MinkTopics.DEFAULT);
  }

  /** A configuration with the writer memory keys at their defaults. */
  public MinkConfig(
      Map<String, String> kafka,
      LakeSettings lake,
      boolean embeddedLake,
      IndexerSettings indexer,
      SchemaRegistrySettings schemaRegistry,
      MonitoringSettings monitoring) {
    this(
        kafka,
        lake,
        embeddedLake,
        indexer,
        schemaRegistry,
        monitoring,
        WriterMemorySettings.defaults());
  }

  /** A configuration with the monitoring keys at their defaults. */
  public MinkConfig(
      Map<String, String> kafka,
      LakeSettings lake,
      boolean embeddedLake,
      IndexerSettings indexer,
      SchemaRegistrySettings schemaRegistry) {
    this(kafka, lake, embeddedLake, indexer, schemaRegistry, MonitoringSettings.defaults());
  }
}
