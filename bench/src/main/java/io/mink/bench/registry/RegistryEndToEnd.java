package io.mink.bench.registry;

import io.mink.indexer.config.IndexerSettings;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.schedule.TieringService;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.Warehouse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotSummary;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * Phase (c): Mink's own tiering path with registry decoding. The topic is added as a table of a
 * fresh warehouse, as {@code mink table add} does, and {@link TieringService#runRound} runs with
 * Mink's default writer threads and target file size and the decoder the sidecar builds for a
 * Confluent registry, until the newest Mink snapshot carries the topic's end offsets. The freshness
 * is an hour, so no round is cut short. Timed from the start of the first round to its committed
 * snapshot. Then checked: the snapshot's total-records equals the records produced, no Mink snapshot
 * counts a part left raw (no mink-raw.* summary entry), and the row of partition 0 offset 0 holds
 * the first order's values.
 */
final class RegistryEndToEnd {
  private static final Duration FRESHNESS = Duration.ofHours(1);
  private static final int MAX_ROUNDS = 100;
  private static final String WRITER_THREAD_PREFIX = "mink-writer-";
  private static final String RAW_PREFIX = "mink-raw.";

  /**
   * @param rounds how many rounds it took (1 unless something cut a round short)
   * @param files the data files committed
   * @param committedRows the newest snapshot's total-records
   * @param columns the table's column count
   */
  record Outcome(Throughput throughput, int rounds, int files, long committedRows, int columns) {}

  private RegistryEndToEnd() {}

  static Outcome index(KafkaBroker broker, String topic, Map<Integer, Long> ends, IndexerSettings settings,
      PartDecoder decoder) {
    LakeOffsets target = LakeOffsets.of(ends);
    KafkaClientFactory clients = new KafkaClientFactory(
        Map.of(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()), "mink-bench");
    try (Warehouse warehouse = Warehouse.create();
        KafkaTableStore store = new KafkaTableStore(clients, settings.tablesTopic());
        TieringService service = new TieringService(store, new LakeTables(warehouse.catalog()), clients,
            new LakeCommitter(CommitHook.NONE), settings.writerThreads(), settings.targetFileSizeBytes(),
            settings.pollInterval(), settings.groupId(), decoder, Clock.systemUTC())) {
      TableDescriptor descriptor = add(broker, topic, warehouse, store, clients, settings);
      long rows = 0;
      long bytes = 0;
      int rounds = 0;
      int files = 0;
      Map<String, Long> raw = new TreeMap<>();
      LakeOffsets reached = LakeOffsets.NONE;
      long started;
      long finished;
      long fetchCpu;
      long writeCpuAtStart = PhaseMeter.threadsNamedCpuNanos(WRITER_THREAD_PREFIX);
      try (KafkaConsumer<byte[], byte[]> consumer = service.newConsumer()) {
        started = System.nanoTime();
        long fetchCpuAtStart = PhaseMeter.threadCpuNanos();
        while (!reached.equals(target)) {
          if (rounds == MAX_ROUNDS) {
            throw new IllegalStateException("Mink did not reach the end offsets " + target + " of topic " + topic
                + " in " + MAX_ROUNDS + " rounds; it is at " + reached);
          }
          RoundResult round = service.runRound(descriptor, consumer);
          rounds++;
          rows += round.rows();
          bytes += round.bytes();
          files += round.files();
          round.rawParts().forEach((reason, count) -> raw.merge(reason, count, Long::sum));
          reached = round.offsets();
        }
        finished = System.nanoTime();
        fetchCpu = fetchCpuAtStart < 0 ? -1 : PhaseMeter.threadCpuNanos() - fetchCpuAtStart;
      }
      long writeCpuAtEnd = PhaseMeter.threadsNamedCpuNanos(WRITER_THREAD_PREFIX);
      long writeCpu = writeCpuAtStart < 0 || writeCpuAtEnd < 0 ? -1 : writeCpuAtEnd - writeCpuAtStart;
      if (!raw.isEmpty()) {
        throw new IllegalStateException("Mink left parts raw: " + raw + "; the registry path was not measured");
      }
      Table table = warehouse.catalog().loadTable(TieringService.identifier(descriptor));
      long committedRows = verify(table, target, rows);
      return new Outcome(new Throughput(rows, bytes, finished - started, fetchCpu, writeCpu), rounds, files,
          committedRows, table.schema().columns().size());
    }
  }

  /** Creates the table with Mink's layout and records it in the tables topic, as {@code mink table add} does. */
  private static TableDescriptor add(KafkaBroker broker, String topic, Warehouse warehouse, KafkaTableStore store,
      KafkaClientFactory clients, IndexerSettings settings) {
    try (Admin admin = clients.admin()) {
      store.ensureTopic(admin);
    }
    String topicId = broker.topicId(topic).toString();
    TableDescriptor descriptor = new TableDescriptor(settings.namespace(), TableDescriptor.tableNameFor(topic),
        topic, topicId, FRESHNESS, Map.of(), Instant.now());
    new LakeTables(warehouse.catalog()).create(TieringService.identifier(descriptor),
        MinkTableLayout.properties(topic, topicId, settings.targetFileSizeBytes(), Map.of()));
    store.put(descriptor);
    return descriptor;
  }

  /** Checks offsets, row count, raw counts and the first row; returns the committed row count. */
  private static long verify(Table table, LakeOffsets target, long rows) {
    LakeOffsets committed = MinkSnapshot.newest(table)
        .map(MinkSnapshot::offsets)
        .orElse(LakeOffsets.NONE);
    if (!committed.equals(target)) {
      throw new IllegalStateException("The newest Mink snapshot of " + table.name() + " carries offsets "
          + committed + ", not the topic's end offsets " + target);
    }
    long total = Long.parseLong(table.currentSnapshot().summary()
        .getOrDefault(SnapshotSummary.TOTAL_RECORDS_PROP, "-1"));
    long expected = target.nextOffsets().values().stream().mapToLong(Long::longValue).sum();
    if (total != expected || rows != expected) {
      throw new IllegalStateException("Table " + table.name() + " committed " + total + " rows (rounds reported "
          + rows + ") for " + expected + " records produced: Mink lost or duplicated records");
    }
    for (Snapshot snapshot : table.snapshots()) {
      for (String key : snapshot.summary().keySet()) {
        if (key.startsWith(RAW_PREFIX)) {
          throw new IllegalStateException("Snapshot " + snapshot.snapshotId() + " of " + table.name() + " counts "
              + snapshot.summary().get(key) + " parts left raw as " + key + ": not every row was decoded");
        }
      }
    }
    Record first = firstRow(table);
    Order order = Order.random(new Random(RegistryTopic.SEED), 0);
    OrderCheck.verify("Mink's table", first, order);
    if (first.getField("_kafka_value") != null || !Long.valueOf(order.id()).equals(first.getField("_kafka_decoded_key"))) {
      throw new IllegalStateException("The row of partition 0 offset 0 kept its raw value or lacks its decoded key: "
          + first);
    }
    return total;
  }

  private static Record firstRow(Table table) {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table)
        .where(Expressions.and(Expressions.equal("_kafka_partition", 0), Expressions.equal("_kafka_offset", 0L)))
        .build()) {
      records.forEach(record -> rows.add(record.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read back the first row of " + table.name(), e);
    }
    if (rows.size() != 1) {
      throw new IllegalStateException("Table " + table.name() + " holds " + rows.size()
          + " rows for partition 0 offset 0, not 1");
    }
    return rows.get(0);
  }
}
