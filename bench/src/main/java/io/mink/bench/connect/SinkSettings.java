package io.mink.bench.connect;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * How the benchmark runs Iceberg's Kafka Connect sink: one Kafka Connect standalone worker in a JVM of its own,
 * the sink connector with its settings, and the Iceberg catalog it writes to. Everything not set here is Kafka
 * Connect's and the sink's default (the task's consumer included: max.poll.records 500).
 *
 * @param connectorName the connector's name; its consumer group is {@code connect-<name>}
 * @param topic the topic of JSON orders it reads
 * @param table the table it writes, created beforehand with the order's columns
 * @param controlTopic the topic the sink's coordinator and workers talk over
 * @param commitInterval how often the coordinator commits what the workers wrote
 * @param jvmOptions the worker JVM's options
 */
record SinkSettings(
    String connectorName,
    String topic,
    TableIdentifier table,
    String controlTopic,
    Duration commitInterval,
    List<String> jvmOptions) {
  /** The sink's tasks: one, as the peer was measured so far. */
  static final int TASKS = 1;
  /**
   * What Kafka's own scripts start Connect with: {@code connect-standalone.sh} sets the heap, and
   * {@code kafka-run-class.sh} the collector.
   */
  static final List<String> KAFKA_SCRIPT_JVM_OPTIONS = List.of(
      "-Xms256M",
      "-Xmx2G",
      "-XX:+UseG1GC",
      "-XX:MaxGCPauseMillis=20",
      "-XX:InitiatingHeapOccupancyPercent=35",
      "-XX:+ExplicitGCInvokesConcurrent",
      "-Djava.awt.headless=true");
  /**
   * JVM options added after {@link #KAFKA_SCRIPT_JVM_OPTIONS}, separated by spaces: a flight recording of the sink,
   * another heap or collector. Empty by default.
   */
  static final String EXTRA_JVM_OPTIONS_PROPERTY = "mink.bench.sink-jvm-options";

  /** How often Connect asks the task for its offsets, and so at most how long an idle poll waits. */
  static final Duration OFFSET_FLUSH_INTERVAL = Duration.ofSeconds(1);
  /** The converter for plain JSON; the sink's converter for the Confluent Avro format is not on Maven Central. */
  static final String JSON_CONVERTER = "org.apache.kafka.connect.json.JsonConverter";

  SinkSettings {
    requireNonNull(connectorName, "connectorName is null");
    requireNonNull(topic, "topic is null");
    requireNonNull(table, "table is null");
    requireNonNull(controlTopic, "controlTopic is null");
    requireNonNull(commitInterval, "commitInterval is null");
    jvmOptions = List.copyOf(requireNonNull(jvmOptions, "jvmOptions is null"));
  }

  /** The benchmark's settings: a 10 s commit interval, so the commit holding the last records lands soon after them. */
  static SinkSettings of(String topic) {
    List<String> jvmOptions = new ArrayList<>(KAFKA_SCRIPT_JVM_OPTIONS);
    for (String option :
        System.getProperty(EXTRA_JVM_OPTIONS_PROPERTY, "").trim().split("\\s+")) {
      if (!option.isEmpty()) {
        jvmOptions.add(option);
      }
    }
    return new SinkSettings(
        "iceberg-sink",
        topic,
        TableIdentifier.of("bench", "orders_sink"),
        "control-iceberg",
        Duration.ofSeconds(10),
        jvmOptions);
  }

  /** The standalone worker's properties. */
  Map<String, String> worker(String bootstrapServers, Path offsetsFile, int restPort) {
    Map<String, String> worker = new LinkedHashMap<>();
    worker.put("bootstrap.servers", bootstrapServers);
    worker.put("key.converter", JSON_CONVERTER);
    worker.put("key.converter.schemas.enable", "false");
    worker.put("value.converter", JSON_CONVERTER);
    worker.put("value.converter.schemas.enable", "false");
    worker.put("offset.storage.file.filename", offsetsFile.toString());
    worker.put("listeners", "http://127.0.0.1:" + restPort);
    // the task sees the coordinator's commit requests only in put(), which Connect calls after each
    // poll; on a
    // topic read to its end a poll waits until the next offset flush (60 s by default), longer than
    // the sink's
    // commit timeout (30 s), so the last records would wait minutes for their commit
    worker.put("offset.flush.interval.ms", Long.toString(OFFSET_FLUSH_INTERVAL.toMillis()));
    // plugins are found through their service files; scanning the whole classpath only slows the
    // start
    worker.put("plugin.discovery", "service_load");
    return worker;
  }

  /** The connector's properties, with the Iceberg catalog's under {@code iceberg.catalog.}. */
  Map<String, String> connector(String catalogName, Map<String, String> catalogProperties) {
    Map<String, String> connector = new LinkedHashMap<>();
    connector.put("name", connectorName);
    connector.put("connector.class", "org.apache.iceberg.connect.IcebergSinkConnector");
    connector.put("tasks.max", Integer.toString(TASKS));
    connector.put("topics", topic);
    connector.put("iceberg.tables", table.toString());
    connector.put("iceberg.control.topic", controlTopic);
    connector.put("iceberg.control.commit.interval-ms", Long.toString(commitInterval.toMillis()));
    connector.put("iceberg.catalog", catalogName);
    catalogProperties.forEach((key, value) -> connector.put("iceberg.catalog." + key, value));
    return connector;
  }

  /** The settings as the report prints them, one line each. */
  List<String> describe() {
    return List.of(
        String.format(
            Locale.ROOT,
            "sink       org.apache.iceberg:iceberg-kafka-connect in Kafka Connect standalone (connect-runtime),"
                + " a JVM of its own: %s",
            String.join(" ", jvmOptions)),
        String.format(
            Locale.ROOT,
            "           tasks.max=%d, iceberg.control.commit.interval-ms=%d, offset.flush.interval.ms=%d (so an idle"
                + " task answers commit requests); table %s created beforehand with the order's 21 columns"
                + " (Iceberg's default write properties: Parquet, zstd)",
            TASKS,
            commitInterval.toMillis(),
            OFFSET_FLUSH_INTERVAL.toMillis(),
            table),
        "           reads topic 2 with JsonConverter, schemas.enable=false: its converter for the Confluent Avro"
            + " format of topic 1 is not on Maven Central",
        "           catalog: Iceberg's JdbcCatalog on SQLite in a fresh warehouse; everything else Connect's and the"
            + " sink's defaults");
  }
}
