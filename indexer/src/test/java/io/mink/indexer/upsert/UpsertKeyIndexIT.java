package io.mink.indexer.upsert;

import static org.assertj.core.api.Assertions.assertThat;

import io.apicurio.registry.serde.avro.AvroKafkaSerializer;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.schedule.TieringSettings;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.indexer.testing.RoundRunner;
import io.mink.indexer.testing.UpsertModel;
import io.mink.indexer.testing.UpsertWalk;
import io.mink.lake.MinkSnapshot;
import io.mink.schema.KafkaColumns;
import io.mink.schema.registry.ConfluentRegistryClient;
import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.table.TableColumns;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The key index of an upsert table is rebuilt from the lake whenever it cannot be trusted, and bounded: a sidecar
 * that restarts, two sidecars taking turns on one table, another writer's commit in between, and a key index
 * with no memory at all (each round reads the touched keys from the lake) all keep the table equal to the model.
 * Keys framed with a schema id upsert on their raw bytes and are decoded beside them.
 */
class UpsertKeyIndexIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void restartsTurnsAndForeignCommitsRebuildTheIndexFromTheLake() {
    String topic = InProcessSidecar.uniqueTopic("keys");
    KAFKA.createTopic(topic, 2);
    UpsertModel model = new UpsertModel();
    Random random = new Random(5);
    InProcessSidecar first = sidecar(RoundRunner.settings(2, InProcessSidecar.TARGET_FILE_SIZE));
    TableDescriptor table = first.add(topic, Duration.ofMinutes(3), Map.of("mode", "upsert"));
    try (InProcessSidecar second =
        sidecar(RoundRunner.settings(2, InProcessSidecar.TARGET_FILE_SIZE))) {
      for (int round = 0; round < 8; round++) {
        UpsertWalk.produce(KAFKA, topic, model, random, 300, 500);
        InProcessSidecar runner = round % 3 == 2 ? second : first;
        runner.runRound(table);
        if (round == 4) {
          first.table(table).newFastAppend().commit();
        }
        assertThat(UpsertWalk.lakeRows(first.table(table)))
            .as("round %d", round)
            .isEqualTo(expected(first, table, model));
      }
    } finally {
      first.close();
    }
    try (InProcessSidecar restarted =
        sidecar(RoundRunner.settings(2, InProcessSidecar.TARGET_FILE_SIZE))) {
      UpsertWalk.produce(KAFKA, topic, model, random, 300, 500);
      restarted.runRound(table);
      assertThat(UpsertWalk.lakeRows(restarted.table(table)))
          .isEqualTo(expected(restarted, table, model));
    }
  }

  @Test
  void aKeyIndexWithoutMemoryReadsTheTouchedKeysFromTheLakeEachRound() {
    String topic = InProcessSidecar.uniqueTopic("unindexed");
    KAFKA.createTopic(topic, 2);
    UpsertModel model = new UpsertModel();
    Random random = new Random(6);
    TieringSettings defaults = RoundRunner.settings(2, InProcessSidecar.TARGET_FILE_SIZE);
    TieringSettings noMemory = new TieringSettings(
        defaults.workers(),
        defaults.writerThreads(),
        defaults.targetFileSizeBytes(),
        defaults.pollInterval(),
        defaults.heartbeatTimeout(),
        defaults.sessionTimeout(),
        defaults.groupId(),
        defaults.ownersTopic(),
        defaults.writerBudget(),
        0);
    try (InProcessSidecar sidecar = sidecar(noMemory)) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3), Map.of("mode", "upsert"));
      for (int round = 0; round < 5; round++) {
        UpsertWalk.produce(KAFKA, topic, model, random, 300, 500);
        sidecar.runRound(table);
        assertThat(UpsertWalk.lakeRows(sidecar.table(table)))
            .as("round %d", round)
            .isEqualTo(expected(sidecar, table, model));
      }
    }
  }

  @Test
  void compactionKeepsTheRowsAndLowersTheDeletedRowsReadersSkip() {
    String topic = InProcessSidecar.uniqueTopic("compacted");
    KAFKA.createTopic(topic, 2);
    UpsertModel model = new UpsertModel();
    Random random = new Random(8);
    try (InProcessSidecar sidecar =
        sidecar(RoundRunner.settings(2, InProcessSidecar.TARGET_FILE_SIZE))) {
      TableDescriptor table = sidecar.add(
          topic, Duration.ofMinutes(3), Map.of("mode", "upsert", "compact-deleted-fraction", "1"));
      for (int round = 0; round < 3; round++) {
        UpsertWalk.produce(KAFKA, topic, model, random, 300, 500);
        sidecar.runRound(table);
      }
      long deletedBefore = deletedRows(sidecar.table(table));
      assertThat(deletedBefore).isPositive();
      TableDescriptor compacting =
          sidecar.alter(table, Map.of("mode", "upsert", "compact-deleted-fraction", "0.1"));
      UpsertWalk.produce(KAFKA, topic, model, random, 60, 500);
      sidecar.runRound(compacting);

      Table compacted = sidecar.table(compacting);
      assertThat(UpsertWalk.lakeRows(compacted)).isEqualTo(expected(sidecar, compacting, model));
      assertThat(compacted.currentSnapshot().summary())
          .containsKey(MinkSnapshot.COMPACTED_FILES_PROPERTY);
      assertThat(deletedRows(compacted)).isLessThan(deletedBefore);
      assertThat(compacted.currentSnapshot().summary().get("total-data-files"))
          .as("each partition's three small files and the round's own, rewritten into one")
          .isEqualTo("4");
    }
  }

  @Test
  void keysFramedWithASchemaIdUpsertOnTheirRawBytesAndAreDecodedBeside() throws Exception {
    Schema keySchema = new Schema.Parser().parse("""
        {"type": "record", "name": "CustomerKey", "fields": [{"name": "id", "type": "long"}]}""");
    String topic = InProcessSidecar.uniqueTopic("framed-keys");
    KAFKA.createTopic(topic, 1);
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.start();
        AvroKafkaSerializer<GenericData.Record> serializer = new AvroKafkaSerializer<>();
        InProcessSidecar sidecar = new InProcessSidecar(
            KAFKA.bootstrapServers(),
            warehouse.lakeSettings(),
            "_tables",
            RegistryDecoders.forRegistry(
                ConfluentRegistryClient.create(ConfluentRegistrySettings.of(registry.url()))))) {
      serializer.configure(
          Map.of(
              "apicurio.registry.url",
              registry.apicurioUrl(),
              "apicurio.registry.auto-register",
              true),
          true);
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3), Map.of("mode", "upsert"));
      List<TestRecord> records = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
        GenericData.Record key = new GenericData.Record(keySchema);
        key.put("id", (long) (i % 10));
        byte[] keyBytes = serializer.serialize(topic, key);
        records.add(
            TestRecord.of(keyBytes, ("v" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
      }
      KAFKA.produce(topic, records);
      sidecar.runRound(table);

      List<Record> rows = new ArrayList<>();
      try (CloseableIterable<Record> read =
          IcebergGenerics.read(sidecar.table(table)).build()) {
        read.forEach(rows::add);
      }
      assertThat(rows).hasSize(10).allSatisfy(row -> {
        Record decoded = (Record) row.getField(TableColumns.DECODED_KEY);
        long id = (Long) decoded.getField("id");
        assertThat(UpsertWalk.bytes(row.getField(KafkaColumns.KEY)))
            .isEqualTo(records.get((int) (20 + id)).key());
        assertThat(UpsertModel.text(UpsertWalk.bytes(row.getField(KafkaColumns.VALUE))))
            .isEqualTo("v" + (20 + id));
      });
    }
  }

  private InProcessSidecar sidecar(TieringSettings settings) {
    return new InProcessSidecar(
        KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables", settings, null);
  }

  private static Map<String, UpsertModel.Row> expected(
      InProcessSidecar sidecar, TableDescriptor table, UpsertModel model) {
    return model.liveBelow(sidecar.offsets(table).nextOffsets());
  }

  /** The rows the table's delete files delete, which readers skip. */
  private static long deletedRows(Table table) {
    long deleted = 0;
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      for (FileScanTask task : tasks) {
        deleted += task.deletes().stream().mapToLong(DeleteFile::recordCount).sum();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return deleted;
  }
}
