package io.mink.indexer.foreign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.mink.indexer.errors.ErrorCategories;
import io.mink.indexer.errors.ErrorCategory;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.indexer.testing.UpsertModel;
import io.mink.indexer.testing.UpsertWalk;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.ConcurrentRewriteException;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.TestRecords;
import io.mink.testkit.Warehouse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Mink's rounds beside another writer's commits on the same table: a rewrite that lands while an upsert round is in
 * flight, a DELETE that writes one position delete file for a whole partition, and a rollback. The table keeps one
 * row per offset (append) or the newest value per key (upsert) whatever the other writer did.
 */
class ForeignCommitsIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void aRewriteThatLandsWhileAnUpsertRoundIsInFlightMakesTheKeyIndexStartOver() {
    String topic = InProcessSidecar.uniqueTopic("rewritten-in-flight");
    KAFKA.createTopic(topic, 2);
    UpsertModel model = new UpsertModel();
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3), Map.of("mode", "upsert"));
      produce(topic, model, keysOf(0, 40, 0), "a");
      produce(topic, model, keysOf(1, 40, 0), "a");
      sidecar.runRound(table);
      produce(topic, model, keysOf(0, 20, 0), "b");
      produce(topic, model, keysOf(1, 20, 0), "b");
      sidecar.runRound(table);

      produce(topic, model, keysOf(1, 20, 0), "c");
      AtomicBoolean rewritten = new AtomicBoolean();
      sidecar.runRound(table, new CommitHook() {
        @Override
        public void beforeCatalogSwap(String name) {
          if (rewritten.compareAndSet(false, true)) {
            ForeignCommits.rewritePartition(sidecar.table(table), 0);
          }
        }
      });
      Table lake = sidecar.table(table);
      Snapshot round = lake.currentSnapshot();
      assertThat(MinkSnapshot.isMink(lake.snapshot(round.parentId())))
          .as("the rewrite landed inside the round")
          .isFalse();

      produce(topic, model, keysOf(0, 40, 0), "d");
      sidecar.runRound(table);

      assertThat(UpsertWalk.lakeRows(sidecar.table(table)))
          .isEqualTo(model.liveBelow(sidecar.offsets(table).nextOffsets()));
    }
  }

  @Test
  void anUpsertCompactionKeepsAnotherEnginesDeleteFileOfAWholePartition() {
    String topic = InProcessSidecar.uniqueTopic("partition-deletes");
    KAFKA.createTopic(topic, 1);
    UpsertModel model = new UpsertModel();
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(
          topic, Duration.ofMinutes(3), Map.of("mode", "upsert", "iceberg.format-version", "2"));
      List<String> first = keysOf(0, 60, 0);
      List<String> second = keysOf(0, 60, 60);
      produce(topic, model, first, "a");
      sidecar.runRound(table);
      produce(topic, model, second, "a");
      sidecar.runRound(table);
      Set<String> deletedByUser = Set.of(first.get(0), second.get(0));
      DeleteFile delete =
          ForeignCommits.deleteKeysWithOnePartitionFile(sidecar.table(table), 0, deletedByUser);
      assertThat(delete.referencedDataFile())
          .as("the delete file covers two data files")
          .isNull();

      produce(topic, model, first.subList(1, 40), "b");
      sidecar.runRound(table);

      Table lake = sidecar.table(table);
      assertThat(lake.currentSnapshot().summary())
          .as("the round rewrote the first round's file")
          .containsKey(MinkSnapshot.COMPACTED_FILES_PROPERTY);
      Map<String, UpsertModel.Row> expected =
          new java.util.TreeMap<>(model.liveBelow(sidecar.offsets(table).nextOffsets()));
      expected.keySet().removeAll(deletedByUser);
      assertThat(UpsertWalk.lakeRows(lake)).isEqualTo(expected);
    }
  }

  @Test
  void afterARollbackRoundsTierAgainWhatKafkaStillHoldsAndEveryOffsetIsOneRow() {
    String topic = InProcessSidecar.uniqueTopic("rolled-back");
    KAFKA.createTopic(topic, 2);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      KAFKA.produce(topic, TestRecords.mixed(0, 3_000, 2));
      sidecar.runRound(table);
      long firstRound = sidecar.table(table).currentSnapshot().snapshotId();
      KAFKA.produce(topic, TestRecords.mixed(1, 3_000, 2));
      sidecar.runRound(table);

      sidecar.table(table).manageSnapshots().rollbackTo(firstRound).commit();
      KAFKA.produce(topic, TestRecords.mixed(2, 1_000, 2));
      sidecar.runRound(table);

      Map<Integer, Long> end = KAFKA.endOffsets(topic);
      assertThat(sidecar.offsets(table).nextOffsets()).isEqualTo(end);
      Set<String> expected = new HashSet<>();
      end.forEach((partition, next) -> {
        for (long offset = 0; offset < next; offset++) {
          expected.add(partition + "@" + offset);
        }
      });
      List<String> rows =
          sidecar.rows(table).stream().map(InProcessSidecar::offsetKey).toList();
      assertThat(rows).hasSize(7_000).doesNotHaveDuplicates();
      assertThat(new HashSet<>(rows)).isEqualTo(expected);
    }
  }

  @Test
  void anotherEnginesExpiryThatBreaksTheLineageLeavesTheLastRoundFoundByItsTag() {
    String topic = InProcessSidecar.uniqueTopic("expired-lineage");
    KAFKA.createTopic(topic, 2);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      KAFKA.produce(topic, TestRecords.mixed(0, 500, 2));
      sidecar.runRound(table);
      ForeignCommits.rewritePartition(sidecar.table(table), 0);
      ForeignCommits.rewritePartition(sidecar.table(table), 1);

      sidecar
          .table(table)
          .expireSnapshots()
          .expireOlderThan(System.currentTimeMillis() + 1)
          .retainLast(1)
          .commit();
      KAFKA.produce(topic, TestRecords.mixed(1, 500, 2));
      sidecar.runRound(table);

      assertThat(sidecar.offsets(table).nextOffsets()).isEqualTo(KAFKA.endOffsets(topic));
      List<String> rows =
          sidecar.rows(table).stream().map(InProcessSidecar::offsetKey).toList();
      assertThat(rows).hasSize(1_000).doesNotHaveDuplicates();
    }
  }

  @Test
  void aLineageWhoseMinkSnapshotsAnotherEngineExpiredIsRefusedNotTieredTwice() {
    String topic = InProcessSidecar.uniqueTopic("lost-lineage");
    KAFKA.createTopic(topic, 1);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      KAFKA.produce(topic, TestRecords.mixed(0, 100, 1));
      sidecar.runRound(table);
      ForeignCommits.rewritePartition(sidecar.table(table), 0);
      ForeignCommits.rewritePartition(sidecar.table(table), 0);
      sidecar
          .table(table)
          .manageSnapshots()
          .removeTag(MinkSnapshot.LAST_ROUND_TAG)
          .commit();
      sidecar
          .table(table)
          .expireSnapshots()
          .expireOlderThan(System.currentTimeMillis() + 1)
          .retainLast(1)
          .commit();
      KAFKA.produce(topic, TestRecords.mixed(1, 100, 1));

      org.assertj.core.api.Assertions.assertThatThrownBy(() -> sidecar.runRound(table))
          .hasMessageContaining("has no snapshot of Mink left in its current lineage")
          .hasMessageContaining("rather than write rows twice");
      assertThat(sidecar.rows(table)).hasSize(100);
    }
  }

  @Test
  void aRoundThatCompactsFilesAnotherEngineRewroteMeanwhileIsRefusedAndNoRowIsWrittenTwice() {
    String topic = InProcessSidecar.uniqueTopic("compacted-twice");
    KAFKA.createTopic(topic, 1);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar
          .table(table)
          .updateProperties()
          .set("mink.auto-compaction", "true")
          .commit();
      for (int round = 0; round < 3; round++) {
        KAFKA.produce(topic, TestRecords.mixed(round, 50, 1));
        sidecar.runRound(table);
      }
      KAFKA.produce(topic, TestRecords.mixed(3, 50, 1));
      AtomicBoolean rewritten = new AtomicBoolean();
      Throwable refusal = catchThrowable(() -> sidecar.runRound(table, new CommitHook() {
        @Override
        public void beforeCatalogSwap(String name) {
          if (rewritten.compareAndSet(false, true)) {
            ForeignCommits.rewritePartition(sidecar.table(table), 0);
          }
        }
      }));
      assertThat(rewritten).isTrue();
      assertThat(refusal)
          .isInstanceOf(ConcurrentRewriteException.class)
          .hasStackTraceContaining("Missing required files to delete");
      assertThat(ErrorCategories.of(refusal)).isEqualTo(ErrorCategory.EXTERNAL);
      sidecar.runRound(table);

      assertThat(sidecar.offsets(table).nextOffsets()).isEqualTo(KAFKA.endOffsets(topic));
      List<String> rows =
          sidecar.rows(table).stream().map(InProcessSidecar::offsetKey).toList();
      assertThat(rows).hasSize(200).doesNotHaveDuplicates();
    }
  }

  private InProcessSidecar sidecar() {
    return new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables");
  }

  /** {@code count} keys that Kafka's default partitioner places in {@code partition} of two, from the n-th on. */
  private static List<String> keysOf(int partition, int count, int from) {
    List<String> keys = new ArrayList<>();
    int seen = 0;
    for (int i = 0; keys.size() < count; i++) {
      String key = "key-" + i;
      byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
      if (Utils.toPositive(Utils.murmur2(bytes)) % 2 == partition && seen++ >= from) {
        keys.add(key);
      }
    }
    return keys;
  }

  private static void produce(String topic, UpsertModel model, List<String> keys, String value) {
    List<TestRecord> records = new ArrayList<>();
    keys.forEach(key -> records.add(TestRecord.of(key, value + "-" + key)));
    List<RecordMetadata> sent = KAFKA.produce(topic, records);
    for (int i = 0; i < records.size(); i++) {
      model.add(
          sent.get(i).partition(), sent.get(i).offset(), keys.get(i), value + "-" + keys.get(i));
    }
  }
}
