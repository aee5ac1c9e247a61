package io.mink.indexer.redecode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.errors.MinkException;
import io.mink.indexer.testing.FramedOrders;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.schema.KafkaColumns;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.registry.ConfluentRegistryClient;
import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.registry.SchemaType;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
import io.mink.testkit.Warehouse;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Rows left raw because the sidecar asked a registry that does not know their schemas (a second, empty registry
 * answers 404 for every id: unknown-schema) are decoded again by {@link TableRedecode} through the right one: the
 * same rows, typed, as a fresh table of the topic holds them, only the files that held them rewritten; also while a
 * round commits in the middle of the redecode, and on an upsert table, whose later records replace the decoded rows.
 */
class TableRedecodeIT {
  private static final Duration FRESHNESS = Duration.ofMinutes(3);

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @RegisterExtension
  final Warehouse freshWarehouse = new Warehouse();

  private final FakeSchemaRegistry registry = FakeSchemaRegistry.start();
  private final FakeSchemaRegistry emptyRegistry = FakeSchemaRegistry.start();

  @AfterEach
  void stopRegistries() {
    registry.close();
    emptyRegistry.close();
  }

  @Test
  void rowsRawBecauseTheRegistryWasWrongDecodeAsAFreshTableHoldsThemAndOtherFilesStayByteForByte() {
    String topic = InProcessSidecar.uniqueTopic("redecode");
    KAFKA.createTopic(topic, 3);
    int schemaId = register(topic);
    try (InProcessSidecar wrong = sidecar(emptyRegistry, "_tables");
        InProcessSidecar fresh = new InProcessSidecar(
            KAFKA.bootstrapServers(),
            freshWarehouse.lakeSettings(),
            "_tables_fresh",
            decoder(registry))) {
      TableDescriptor descriptor = wrong.add(topic, FRESHNESS);
      FramedOrders.produceOrders(KAFKA, topic, schemaId, 0, 450, 2);
      FramedOrders.producePlain(KAFKA, topic, 2, 50);
      wrong.runRound(descriptor);
      FramedOrders.produceOrders(KAFKA, topic, schemaId, 450, 900, 2);
      FramedOrders.producePlain(KAFKA, topic, 2, 50);
      wrong.runRound(descriptor);
      Table table = wrong.table(descriptor);
      assertThat(table.schema().columns()).hasSize(KafkaColumns.SCHEMA.columns().size());
      assertThat(rawCounts(table, "value.unknown-schema")).isEqualTo(900);
      assertThat(rawCounts(table, "value.no-schema-id")).isEqualTo(100);
      Map<String, String> before = fileDigests(table);
      assertThat(before).hasSize(6);
      Map<Integer, Long> offsetsBefore = wrong.offsets(descriptor).nextOffsets();

      long started = System.nanoTime();
      Redecoded done = redecode(descriptor, table, CommitHook.NONE);
      long millis = (System.nanoTime() - started) / 1_000_000;

      assertThat(done.redecoded()).isEqualTo(Map.of("value.unknown-schema", 900L));
      assertThat(done.filesRead()).isEqualTo(6);
      assertThat(done.filesRewritten()).isEqualTo(4);
      assertThat(done.filesUntouched()).isEqualTo(2);
      table.refresh();
      Snapshot snapshot = table.currentSnapshot();
      assertThat(snapshot.snapshotId()).isEqualTo(done.snapshotId().orElseThrow());
      assertThat(snapshot.summary())
          .containsEntry(TableRedecode.REDECODED_PROPERTY_PREFIX + "value.unknown-schema", "900")
          .containsEntry(TableRedecode.REDECODED_FILES_PROPERTY, "4");
      assertThat(wrong.offsets(descriptor).nextOffsets()).isEqualTo(offsetsBefore);
      Map<String, String> after = fileDigests(table);
      assertThat(after).hasSize(6);
      List<String> kept = before.keySet().stream().filter(after::containsKey).toList();
      assertThat(kept)
          .as("the files of partition 2, whose rows have no schema id")
          .hasSize(2);
      kept.forEach(path -> assertThat(after.get(path)).as(path).isEqualTo(before.get(path)));

      TableDescriptor freshDescriptor = fresh.add(topic, FRESHNESS);
      fresh.runRound(freshDescriptor);
      Table freshTable = fresh.table(freshDescriptor);
      assertThat(table.schema().asStruct()).isEqualTo(freshTable.schema().asStruct());
      assertThat(byName(wrong.rowsByOffset(descriptor)))
          .hasSize(1000)
          .isEqualTo(byName(fresh.rowsByOffset(freshDescriptor)));

      try (SparkReader spark = SparkReader.start(warehouse.lakeSettings())) {
        List<Map<String, Object>> typed = spark.sql("SELECT _kafka_partition AS p, count(*) AS n,"
            + " count(id) AS typed, count(_kafka_value) AS raw, sum(id) AS ids FROM mink."
            + descriptor.qualifiedName() + " GROUP BY _kafka_partition ORDER BY p");
        assertThat(typed).hasSize(3);
        assertThat(typed.get(0))
            .containsEntry("n", 450L)
            .containsEntry("typed", 450L)
            .containsEntry("raw", 0L);
        assertThat(typed.get(1))
            .containsEntry("n", 450L)
            .containsEntry("typed", 450L)
            .containsEntry("raw", 0L);
        assertThat(typed.get(2))
            .containsEntry("n", 100L)
            .containsEntry("typed", 0L)
            .containsEntry("raw", 100L);
        assertThat(((Number) typed.get(0).get("ids")).longValue()
                + ((Number) typed.get(1).get("ids")).longValue())
            .isEqualTo(899L * 900 / 2);
      }
      System.out.printf(
          "redecode of 1,000 records: %d ms, %d files read, %d rewritten, %d untouched%n",
          millis, done.filesRead(), done.filesRewritten(), done.filesUntouched());
    }
  }

  @Test
  void aRoundThatCommitsDuringTheRedecodeKeepsItsRowsAndTheRedecodeCommitsOnItsOffsets() {
    String topic = InProcessSidecar.uniqueTopic("redecode-racing");
    KAFKA.createTopic(topic, 2);
    int schemaId = register(topic);
    try (InProcessSidecar wrong = sidecar(emptyRegistry, "_tables");
        InProcessSidecar right = sidecar(registry, "_tables");
        InProcessSidecar fresh = new InProcessSidecar(
            KAFKA.bootstrapServers(),
            freshWarehouse.lakeSettings(),
            "_tables_fresh",
            decoder(registry))) {
      TableDescriptor descriptor = wrong.add(topic, FRESHNESS);
      FramedOrders.produceOrders(KAFKA, topic, schemaId, 0, 300, 2);
      wrong.runRound(descriptor);
      Table table = wrong.table(descriptor);
      AtomicBoolean raced = new AtomicBoolean();
      CommitHook roundFirst = new CommitHook() {
        @Override
        public void aroundCatalogSwap(String name, Runnable swap) {
          if (raced.compareAndSet(false, true)) {
            FramedOrders.produceOrders(KAFKA, topic, schemaId, 300, 400, 2);
            assertThat(wrong.runRound(descriptor).rows()).isEqualTo(100);
          }
          swap.run();
        }
      };

      Redecoded first = redecode(descriptor, table, roundFirst);

      assertThat(raced).isTrue();
      assertThat(first.attempts())
          .as("a round that appended does not make the redecode start over")
          .isEqualTo(1);
      assertThat(first.redecoded()).isEqualTo(Map.of("value.unknown-schema", 300L));
      table.refresh();
      assertThat(MinkSnapshot.newest(table).orElseThrow().offsets().nextOffsets())
          .as("the redecode committed on the offsets of the round before it")
          .isEqualTo(Map.of(0, 200L, 1, 200L));
      assertThat(table.currentSnapshot().summary())
          .containsKey(TableRedecode.REDECODED_FILES_PROPERTY);
      assertThat(wrong.rows(descriptor).stream()
              .filter(row -> row.getField(KafkaColumns.VALUE) != null))
          .as("the racing round's rows, which the redecode did not plan")
          .hasSize(100);
      FramedOrders.produceOrders(KAFKA, topic, schemaId, 400, 500, 2);
      right.runRound(descriptor);

      Redecoded second = redecode(descriptor, wrong.table(descriptor), CommitHook.NONE);

      assertThat(second.redecoded()).isEqualTo(Map.of("value.unknown-schema", 100L));
      assertThat(second.filesRewritten()).isEqualTo(2);
      TableDescriptor freshDescriptor = fresh.add(topic, FRESHNESS);
      fresh.runRound(freshDescriptor);
      assertThat(byName(wrong.rowsByOffset(descriptor)))
          .hasSize(500)
          .isEqualTo(byName(fresh.rowsByOffset(freshDescriptor)));
    }
  }

  @Test
  void redecodeWhileTheSidecarTiersTheTopicEveryHalfSecondLosesAndDoublesNoRow() throws Exception {
    String topic = InProcessSidecar.uniqueTopic("redecode-live");
    KAFKA.createTopic(topic, 2);
    int schemaId = register(topic);
    try (InProcessSidecar wrong = sidecar(emptyRegistry, "_tables_live");
        InProcessSidecar fresh = new InProcessSidecar(
            KAFKA.bootstrapServers(),
            freshWarehouse.lakeSettings(),
            "_tables_fresh",
            decoder(registry))) {
      TableDescriptor descriptor = wrong.add(topic, Duration.ofMillis(500));
      FramedOrders.produceOrders(KAFKA, topic, schemaId, 0, 400, 2);
      wrong.runRound(descriptor);
      int produced = 400;
      Redecoded done;
      try (InProcessSidecar right = sidecar(registry, "_tables_live").start()) {
        Thread producer = new Thread(() -> {
          for (int from = 400;
              from < 1_000 && !Thread.currentThread().isInterrupted();
              from += 20) {
            FramedOrders.produceOrders(KAFKA, topic, schemaId, from, from + 20, 2);
            try {
              Thread.sleep(50);
            } catch (InterruptedException e) {
              return;
            }
          }
        });
        producer.start();
        Thread.sleep(700);
        done = TableRedecode.throughRegistry(
                descriptor,
                wrong.table(descriptor),
                decoder(registry),
                new LakeCommitter(CommitHook.NONE),
                Duration.ofSeconds(30),
                10)
            .run(RedecodeScope.ALL);
        producer.join();
        produced = 1_000;
        Map<Integer, Long> end = KAFKA.endOffsets(topic);
        org.awaitility.Awaitility.await("the sidecar to tier every record")
            .atMost(Duration.ofSeconds(30))
            .until(() -> right.offsets(descriptor).nextOffsets().equals(end));
      }

      assertThat(done.redecoded()).isEqualTo(Map.of("value.unknown-schema", 400L));
      TableDescriptor freshDescriptor = fresh.add(topic, FRESHNESS);
      fresh.runRound(freshDescriptor);
      assertThat(byName(wrong.rowsByOffset(descriptor)))
          .hasSize(produced)
          .isEqualTo(byName(fresh.rowsByOffset(freshDescriptor)));
      System.out.printf(
          "redecode while the sidecar tiers: %d attempts, %d ms%n",
          done.attempts(), done.took().toMillis());
    }
  }

  @Test
  void anUpsertTableKeepsOneRowPerKeyAndLaterRecordsReplaceTheDecodedRows() {
    String topic = InProcessSidecar.uniqueTopic("redecode-upsert");
    KAFKA.createTopic(topic, 1);
    int schemaId = register(topic);
    try (InProcessSidecar wrong = sidecar(emptyRegistry, "_tables");
        InProcessSidecar right = sidecar(registry, "_tables");
        InProcessSidecar fresh = new InProcessSidecar(
            KAFKA.bootstrapServers(),
            freshWarehouse.lakeSettings(),
            "_tables_fresh",
            decoder(registry))) {
      Map<String, String> upsert = Map.of("mode", "upsert", "iceberg.format-version", "3");
      TableDescriptor descriptor = wrong.add(topic, FRESHNESS, upsert);
      FramedOrders.produceUpdates(KAFKA, topic, schemaId, 0, 300, 200);
      wrong.runRound(descriptor);
      FramedOrders.produceUpdates(KAFKA, topic, schemaId, 300, 400, 200);
      wrong.runRound(descriptor);
      FramedOrders.produceUpdates(KAFKA, topic, schemaId, 400, 420, 200);
      assertThat(right.runRound(descriptor).rows())
          .as("a round of the right registry, whose key index is read at its snapshot")
          .isEqualTo(20);
      assertThat(wrong.rows(descriptor)).hasSize(200);

      Redecoded done = redecode(descriptor, wrong.table(descriptor), CommitHook.NONE);

      assertThat(done.redecoded()).isEqualTo(Map.of("value.unknown-schema", 180L));
      assertThat(wrong.rows(descriptor)).hasSize(200).allSatisfy(row -> {
        assertThat(row.getField(KafkaColumns.VALUE)).isNull();
        assertThat(row.getField(KafkaColumns.KEY)).isNotNull();
      });
      FramedOrders.produceUpdates(KAFKA, topic, schemaId, 420, 570, 200);
      assertThat(right.runRound(descriptor).rows()).isEqualTo(150);

      TableDescriptor freshDescriptor = fresh.add(topic, FRESHNESS, upsert);
      fresh.runRound(freshDescriptor);
      assertThat(byName(wrong.rowsByOffset(descriptor)))
          .as("one row per key, the newest")
          .hasSize(200)
          .isEqualTo(byName(fresh.rowsByOffset(freshDescriptor)));
    }
  }

  @Test
  void rowsWhoseSchemaALaterRoundKeptDecodeAgainWithTheRegistryDownAndUnseenIdsWaitForIt()
      throws Exception {
    String topic = InProcessSidecar.uniqueTopic("redecode-kept");
    KAFKA.createTopic(topic, 2);
    int schemaId = register(topic);
    TableDescriptor descriptor;
    try (InProcessSidecar wrong = sidecar(emptyRegistry, "_tables")) {
      descriptor = wrong.add(topic, FRESHNESS);
      FramedOrders.produceOrders(KAFKA, topic, 999_999, 0, 10, 2);
      FramedOrders.produceOrders(KAFKA, topic, schemaId, 10, 110, 2);
      wrong.runRound(descriptor);
    }
    try (InProcessSidecar right = sidecar(registry, "_tables")) {
      FramedOrders.produceOrders(KAFKA, topic, schemaId, 110, 130, 2);
      right.runRound(descriptor);
      redecodeWithTheRegistryDown(descriptor, right.table(descriptor), schemaId);
    }
  }

  /** The rows the wrong registry left raw, whose schema the right one's round kept, and 10 of an unseen id. */
  private void redecodeWithTheRegistryDown(TableDescriptor descriptor, Table table, int schemaId)
      throws Exception {
    assertThat(rawCounts(table, "value.unknown-schema")).isEqualTo(110);
    String kept =
        table.location() + "/metadata/mink-writer-schemas/confluent-id/" + schemaId + ".json";
    assertThat(table.io().newInputFile(kept).exists()).isTrue();
    assertThat(table
            .io()
            .newInputFile(
                table.location() + "/metadata/mink-writer-schemas/confluent-id/999999.json")
            .exists())
        .isFalse();
    long before = table.currentSnapshot().snapshotId();

    registry.setAvailable(false);
    assertThatThrownBy(() -> redecodeWithRegistryDown(descriptor, table, RedecodeScope.ALL))
        .as("id 999999 was never seen: it needs the registry")
        .isInstanceOf(MinkException.class)
        .hasMessageContaining("schema registry");
    table.refresh();
    assertThat(table.currentSnapshot().snapshotId()).isEqualTo(before);

    Redecoded done = redecodeWithRegistryDown(
        descriptor, table, new RedecodeScope(java.util.Set.of(), 5, java.util.Optional.empty()));

    assertThat(done.redecoded()).isEqualTo(Map.of("value.unknown-schema", 100L));
    table.refresh();
    long typed = 0;
    try (CloseableIterable<Record> rows =
        org.apache.iceberg.data.IcebergGenerics.read(table).build()) {
      for (Record row : rows) {
        typed += row.getField("id") == null ? 0 : 1;
      }
    }
    assertThat(typed).isEqualTo(120);
  }

  private Redecoded redecodeWithRegistryDown(
      TableDescriptor descriptor, Table table, RedecodeScope scope) throws InterruptedException {
    return TableRedecode.throughRegistry(
            descriptor,
            table,
            decoder(registry),
            new LakeCommitter(CommitHook.NONE),
            Duration.ofSeconds(1),
            3)
        .run(scope);
  }

  private Redecoded redecode(TableDescriptor descriptor, Table table, CommitHook hook) {
    try {
      return TableRedecode.throughRegistry(
              descriptor,
              table,
              decoder(registry),
              new LakeCommitter(hook),
              Duration.ofSeconds(30),
              3)
          .run(RedecodeScope.ALL);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private int register(String topic) {
    return registry
        .register(topic + "-value", SchemaType.AVRO, FramedOrders.ORDER.toString())
        .id();
  }

  private InProcessSidecar sidecar(FakeSchemaRegistry answering, String tablesTopic) {
    return new InProcessSidecar(
        KAFKA.bootstrapServers(), warehouse.lakeSettings(), tablesTopic, decoder(answering));
  }

  private static PartDecoder decoder(FakeSchemaRegistry answering) {
    return RegistryDecoders.forRegistry(
        ConfluentRegistryClient.create(ConfluentRegistrySettings.of(answering.url())));
  }

  /** Parts the table's rounds left raw for the reason, over every snapshot. */
  private static long rawCounts(Table table, String reason) {
    long counted = 0;
    for (Snapshot snapshot : table.snapshots()) {
      counted += Long.parseLong(
          snapshot.summary().getOrDefault(MinkSnapshot.RAW_PROPERTY_PREFIX + reason, "0"));
    }
    return counted;
  }

  /** Each row as its columns by name, byte buffers as hex, by partition and offset. */
  private static List<Map<String, Object>> byName(List<Record> rows) {
    List<Map<String, Object>> named = new ArrayList<>();
    List<Record> sorted = new ArrayList<>(rows);
    sorted.sort(Comparator.comparing((Record row) -> (Integer) row.getField(KafkaColumns.PARTITION))
        .thenComparing(row -> (Long) row.getField(KafkaColumns.OFFSET)));
    for (Record row : sorted) {
      Map<String, Object> columns = new LinkedHashMap<>();
      for (Types.NestedField field : row.struct().fields()) {
        Object value = row.getField(field.name());
        columns.put(
            field.name(),
            value instanceof java.nio.ByteBuffer buffer ? hex(buffer) : String.valueOf(value));
      }
      named.add(columns);
    }
    return named;
  }

  private static String hex(java.nio.ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.duplicate().get(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  /** The SHA-256 of every live data file's bytes, by location. */
  private static Map<String, String> fileDigests(Table table) {
    Map<String, String> digests = new HashMap<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      for (FileScanTask task : tasks) {
        DataFile file = task.file();
        digests.put(file.location(), digest(table, file.location()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return digests;
  }

  private static String digest(Table table, String location) {
    try (InputStream in = table.io().newInputFile(location).newStream()) {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(in.readAllBytes());
      return HexFormat.of().formatHex(sha.digest());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
