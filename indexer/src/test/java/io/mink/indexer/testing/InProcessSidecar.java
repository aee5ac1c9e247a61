package io.mink.indexer.testing;

import io.mink.indexer.round.RoundResult;
import io.mink.indexer.schedule.TieringService;
import io.mink.indexer.schedule.TieringSettings;
import io.mink.indexer.upsert.KeyIndexes;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.schema.KafkaColumns;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * One sidecar instance in the test's JVM, wired to a test broker and warehouse with its own clients and catalog
 * connection: it adds tables as {@code mink table add} does, runs single rounds on demand ({@link RoundRunner}), and,
 * once {@link #start() started}, schedules its share of the tables as {@code mink serve} does.
 */
public final class InProcessSidecar implements AutoCloseable {
  /** The target file size of the tables it adds and, unless the settings say otherwise, of its rounds. */
  public static final long TARGET_FILE_SIZE = 128L << 20;

  private static final Duration STOP_GRACE = Duration.ofSeconds(30);

  public final KafkaClientFactory clients;
  public final KafkaTableStore store;
  public final LakeTables lake;
  public final TieringService service;
  private final RoundRunner rounds;
  private Thread thread;

  /** A sidecar without a schema registry, with two writer threads. */
  public InProcessSidecar(String bootstrapServers, LakeSettings lakeSettings, String tablesTopic) {
    this(
        bootstrapServers,
        lakeSettings,
        tablesTopic,
        RoundRunner.settings(2, TARGET_FILE_SIZE),
        null);
  }

  /** A sidecar that decodes through {@code decoder}, with two writer threads. */
  public InProcessSidecar(
      String bootstrapServers, LakeSettings lakeSettings, String tablesTopic, PartDecoder decoder) {
    this(
        bootstrapServers,
        lakeSettings,
        tablesTopic,
        RoundRunner.settings(2, TARGET_FILE_SIZE),
        decoder);
  }

  /**
   * @param settings how its rounds write and, once started, how its service schedules them
   * @param decoder decodes keys and values through the schema registry; null when none is configured
   */
  public InProcessSidecar(
      String bootstrapServers,
      LakeSettings lakeSettings,
      String tablesTopic,
      TieringSettings settings,
      PartDecoder decoder) {
    this(bootstrapServers, lakeSettings, tablesTopic, settings, decoder, CommitHook.NONE);
  }

  /**
   * Like {@link #InProcessSidecar(String, LakeSettings, String, TieringSettings, PartDecoder)}, with {@code hook}
   * around the catalog swap of every commit attempt of the single rounds it runs ({@link #runRound}), Iceberg's
   * retries included: a test pauses a round there, inside its commit, to let another writer commit first.
   */
  public InProcessSidecar(
      String bootstrapServers,
      LakeSettings lakeSettings,
      String tablesTopic,
      TieringSettings settings,
      PartDecoder decoder,
      CommitHook hook) {
    clients = new KafkaClientFactory(Map.of("bootstrap.servers", bootstrapServers), "mink-test");
    store = new KafkaTableStore(clients, tablesTopic);
    lake = new LakeTables(CatalogLoader.load(lakeSettings));
    try (Admin admin = clients.admin()) {
      store.ensureTopic(admin);
    }
    service = new TieringService(
        store, lake, clients, CommitHook.NONE, settings, decoder, Clock.systemUTC());
    rounds = new RoundRunner(lake, clients, settings, decoder, hook);
  }

  /** Runs the service on a thread of its own, as {@code mink serve} runs it, until {@link #close()}. */
  public InProcessSidecar start() {
    thread = new Thread(service::run, "in-process-sidecar");
    thread.start();
    return this;
  }

  /** Creates the Iceberg table of the topic and records it, as {@code mink table add} does. */
  public TableDescriptor add(String topic, Duration freshness) {
    return add(topic, freshness, Map.of());
  }

  /** Like {@link #add(String, Duration)}, with table options such as time-as or partition-by. */
  public TableDescriptor add(String topic, Duration freshness, Map<String, String> options) {
    TableDescriptor descriptor = new TableDescriptor(
        "kafka",
        TableDescriptor.tableNameFor(topic),
        topic,
        null,
        freshness,
        options,
        Instant.now());
    create(descriptor);
    store.put(descriptor);
    return descriptor;
  }

  /**
   * Creates the Iceberg table of the topic and adds it to the tables topic, with {@code topicId} (null: unknown);
   * fails when the table is added already.
   */
  public TableDescriptor addNew(String topic, String topicId, Duration freshness) {
    TableDescriptor descriptor = new TableDescriptor(
        "kafka",
        TableDescriptor.tableNameFor(topic),
        topic,
        topicId,
        freshness,
        Map.of(),
        Instant.now());
    create(descriptor);
    if (!store.add(descriptor)) {
      throw new IllegalStateException("Table " + descriptor.qualifiedName() + " is added already");
    }
    return descriptor;
  }

  private void create(TableDescriptor descriptor) {
    lake.create(
        TieringService.identifier(descriptor),
        MinkTableLayout.properties(
            descriptor.topic(), descriptor.topicId(), TARGET_FILE_SIZE, descriptor.options()));
  }

  /** Records the table with other options, as mink table alter does; the next round takes them. */
  public TableDescriptor alter(TableDescriptor descriptor, Map<String, String> options) {
    TableDescriptor altered = descriptor.withOptions(options);
    store.put(altered);
    return altered;
  }

  /** One round of the table now, outside the schedule and without an epoch. */
  public RoundResult runRound(TableDescriptor descriptor) {
    return rounds.run(descriptor);
  }

  /** Like {@link #runRound(TableDescriptor)} with a consumer the caller keeps for several rounds. */
  public RoundResult runRound(
      TableDescriptor descriptor, Consumer<ByteBuffer, ByteBuffer> consumer) {
    return rounds.run(descriptor, consumer);
  }

  /** Runs one round of the table whose commit runs {@code hook} around each catalog swap. */
  public RoundResult runRound(TableDescriptor descriptor, CommitHook hook) {
    return rounds.run(descriptor, hook);
  }

  /** The key indexes of the upsert tables its single rounds tier ({@link #runRound}). */
  public KeyIndexes keyIndexes() {
    return rounds.keyIndexes();
  }

  public KafkaConsumer<ByteBuffer, ByteBuffer> newConsumer() {
    return rounds.newConsumer();
  }

  /** The tables this instance owns now. */
  public Set<String> tables() {
    Set<String> tables = new HashSet<>();
    service.statusBoard().all().forEach(status -> tables.add(status.table()));
    return tables;
  }

  public Table table(TableDescriptor descriptor) {
    return lake.load(TieringService.identifier(descriptor));
  }

  /** The offsets of the table's newest Mink snapshot; none before the first commit. */
  public LakeOffsets offsets(TableDescriptor descriptor) {
    return MinkSnapshot.newest(
            ((HasTableOperations) table(descriptor)).operations().current())
        .map(MinkSnapshot::offsets)
        .orElse(LakeOffsets.NONE);
  }

  /** Every row of the table, in the order the files are read. */
  public List<Record> rows(TableDescriptor descriptor) {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> records =
        IcebergGenerics.read(table(descriptor)).build()) {
      records.forEach(record -> rows.add(record.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  /** Every row of the table, by Kafka offset. */
  public List<Record> rowsByOffset(TableDescriptor descriptor) {
    List<Record> rows = rows(descriptor);
    rows.sort(Comparator.comparingLong(row -> (Long) row.getField(KafkaColumns.OFFSET)));
    return rows;
  }

  /** A row's partition@offset, unique within a table. */
  public static String offsetKey(Record row) {
    return row.getField(KafkaColumns.PARTITION) + "@" + row.getField(KafkaColumns.OFFSET);
  }

  public static String uniqueTopic(String prefix) {
    return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  @Override
  public void close() {
    service.stop();
    if (thread != null) {
      try {
        thread.join(STOP_GRACE.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    service.close();
    rounds.close();
    store.close();
  }
}
