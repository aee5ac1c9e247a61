package io.mink.bench;

import io.mink.indexer.config.IndexerSettings;
import io.mink.indexer.config.WriterMemorySettings;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.schedule.TieringService;
import io.mink.indexer.schedule.TieringSettings;
import io.mink.indexer.testing.RoundRunner;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.write.ParquetEncoder;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.Warehouse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.apache.iceberg.SnapshotSummary;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * Phase (c): Mink's own tiering path. The topic is added as a table of a fresh warehouse, the way
 * {@code mink table add} does it, and the round a sidecar's worker runs ({@link RoundRunner}) runs with
 * Mink's default writer threads and target file size, and the decoder if there is one, until the newest
 * Mink snapshot carries the topic's end offsets. The freshness is an hour, so no round is cut short. Timed
 * from the start of the first round to its committed snapshot; the snapshot's total-records must equal the
 * records produced, and with a decoder no part may be left raw.
 */
public final class MinkEndToEnd {
  private static final Duration FRESHNESS = Duration.ofHours(1);
  private static final int MAX_ROUNDS = 100;
  /** The names of Mink's writer-lane threads (WriterLanes), whose CPU time is the round's write cost. */
  private static final String WRITER_THREAD_PREFIX = "mink-writer-";

  /**
   * What one end-to-end pass did.
   *
   * @param throughput the rows committed, their bytes and the time of the rounds
   * @param rounds how many rounds it took (1 unless something cut a round short)
   * @param files the data files committed
   * @param committedRows the snapshot summary's total-records
   * @param columns the table's column count
   * @param processCpuNanos the JVM's CPU time during the rounds, all its threads (the in-process broker's and the
   *     collector's too), or -1 if the JVM does not tell
   */
  public record Outcome(
      Throughput throughput,
      int rounds,
      int files,
      long committedRows,
      int columns,
      long processCpuNanos) {}

  private MinkEndToEnd() {}

  /**
   * Indexes the topic up to {@code ends} with a sidecar's round, into a table of a fresh warehouse.
   *
   * @param decoder decodes keys and values through the schema registry; null for raw rows
   * @param check checks the committed table further, before its warehouse is deleted; throws when it is wrong
   */
  public static Outcome index(
      KafkaBroker broker,
      String topic,
      Map<Integer, Long> ends,
      IndexerSettings settings,
      Map<String, String> tableOptions,
      PartDecoder decoder,
      Consumer<Table> check) {
    LakeOffsets target = LakeOffsets.of(ends);
    KafkaClientFactory clients = new KafkaClientFactory(
        Map.of(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()),
        "mink-bench");
    try (Warehouse warehouse = Warehouse.create();
        KafkaTableStore store = new KafkaTableStore(clients, settings.tablesTopic());
        RoundRunner runner = new RoundRunner(
            new LakeTables(warehouse.catalog()), clients, tieringSettings(settings), decoder)) {
      TableDescriptor descriptor =
          add(broker, topic, warehouse, store, clients, settings, tableOptions);
      long writeCpuAtStart = CpuSplit.threadsNamedNanos(WRITER_THREAD_PREFIX);
      Rounds rounds = runRounds(runner, descriptor, topic, target);
      long writeCpuAtEnd = CpuSplit.threadsNamedNanos(WRITER_THREAD_PREFIX);
      long writeCpu =
          writeCpuAtStart < 0 || writeCpuAtEnd < 0 ? -1 : writeCpuAtEnd - writeCpuAtStart;
      if (decoder != null && !rounds.raw().isEmpty()) {
        throw new IllegalStateException(
            "Mink left parts raw: " + rounds.raw() + "; the registry path was not measured");
      }
      Table table = warehouse.catalog().loadTable(TieringService.identifier(descriptor));
      long committedRows = verify(table, target, rounds.rows());
      check.accept(table);
      return new Outcome(
          new Throughput(
              rounds.rows(),
              rounds.bytes(),
              rounds.nanos(),
              new CpuSplit(rounds.fetchCpuNanos(), writeCpu)),
          rounds.count(),
          rounds.files(),
          committedRows,
          table.schema().columns().size(),
          rounds.processCpuNanos());
    }
  }

  /** What the rounds of one pass did, timed from the first round's start to the last one's commit. */
  private record Rounds(
      long rows,
      long bytes,
      int count,
      int files,
      Map<String, Long> raw,
      long nanos,
      long fetchCpuNanos,
      long processCpuNanos) {}

  /** Runs rounds until the newest Mink snapshot carries the {@code target} offsets. */
  private static Rounds runRounds(
      RoundRunner runner, TableDescriptor descriptor, String topic, LakeOffsets target) {
    long rows = 0;
    long bytes = 0;
    int rounds = 0;
    int files = 0;
    Map<String, Long> raw = new TreeMap<>();
    LakeOffsets reached = LakeOffsets.NONE;
    try (KafkaConsumer<ByteBuffer, ByteBuffer> consumer = runner.newConsumer()) {
      long started = System.nanoTime();
      long processCpuAtStart = ResourceMeter.processCpuNanos();
      long fetchCpuAtStart = CpuSplit.currentThreadNanos();
      while (!reached.equals(target)) {
        if (rounds == MAX_ROUNDS) {
          throw new IllegalStateException("Mink did not reach the end offsets " + target
              + " of topic " + topic + " in " + MAX_ROUNDS + " rounds; it is at " + reached);
        }
        RoundResult round = runner.run(descriptor, consumer);
        rounds++;
        rows += round.rows();
        bytes += round.bytes();
        files += round.files();
        round.rawParts().forEach((reason, count) -> raw.merge(reason, count, Long::sum));
        reached = round.offsets();
      }
      long nanos = System.nanoTime() - started;
      long processCpuAtEnd = ResourceMeter.processCpuNanos();
      long fetchCpu = fetchCpuAtStart < 0 ? -1 : CpuSplit.currentThreadNanos() - fetchCpuAtStart;
      long processCpu =
          processCpuAtStart < 0 || processCpuAtEnd < 0 ? -1 : processCpuAtEnd - processCpuAtStart;
      return new Rounds(rows, bytes, rounds, files, raw, nanos, fetchCpu, processCpu);
    }
  }

  /** Creates the table with Mink's layout and records it in the tables topic, as {@code mink table add} does. */
  private static TableDescriptor add(
      KafkaBroker broker,
      String topic,
      Warehouse warehouse,
      KafkaTableStore store,
      KafkaClientFactory clients,
      IndexerSettings settings,
      Map<String, String> tableOptions) {
    try (Admin admin = clients.admin()) {
      store.ensureTopic(admin);
    }
    String topicId = broker.topicId(topic).toString();
    TableDescriptor descriptor = new TableDescriptor(
        settings.namespace(),
        TableDescriptor.tableNameFor(topic),
        topic,
        topicId,
        FRESHNESS,
        tableOptions,
        Instant.now());
    new LakeTables(warehouse.catalog())
        .create(
            TieringService.identifier(descriptor),
            MinkTableLayout.properties(
                topic, topicId, settings.targetFileSizeBytes(), tableOptions));
    store.put(descriptor);
    return descriptor;
  }

  /** Checks the newest Mink snapshot's offsets and the table's total-records; returns the latter. */
  private static long verify(Table table, LakeOffsets target, long rows) {
    LakeOffsets committed =
        MinkSnapshot.newest(table).map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
    if (!committed.equals(target)) {
      throw new IllegalStateException("The newest Mink snapshot of " + table.name()
          + " carries offsets " + committed + ", not the topic's end offsets " + target);
    }
    long total = Long.parseLong(
        table.currentSnapshot().summary().getOrDefault(SnapshotSummary.TOTAL_RECORDS_PROP, "-1"));
    long expected =
        target.nextOffsets().values().stream().mapToLong(Long::longValue).sum();
    if (total != expected || rows != expected) {
      throw new IllegalStateException(
          "Table " + table.name() + " committed " + total + " rows (rounds reported " + rows
              + ") for " + expected + " records produced: Mink lost or duplicated records");
    }
    return total;
  }

  /**
   * The [indexer] defaults, with files encoded by the encoder {@code -Dmink.bench.parquet-encoder} names
   * (parquet-java or duckdb; parquet-java when unset), as the setting parquet_encoder chooses it.
   */
  static TieringSettings tieringSettings(IndexerSettings settings) {
    WriterMemorySettings defaults = WriterMemorySettings.defaults();
    ParquetEncoder encoder =
        ParquetEncoder.named(System.getProperty("mink.bench.parquet-encoder", "parquet-java"));
    return TieringSettings.of(
        settings,
        new WriterMemorySettings(defaults.writerMemoryBytes(), defaults.maxOpenFiles(), encoder));
  }
}
