package io.mink.indexer.upsert;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.indexer.testing.RoundRunner;
import io.mink.indexer.testing.UpsertModel;
import io.mink.indexer.testing.UpsertWalk;
import io.mink.lake.compaction.CompactionPlanner;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.Warehouse;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.SnapshotChanges;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An upsert table whose rounds rewrite many groups of files at once, several of one Kafka partition in the same
 * round, loses and duplicates no row: after every one of many rounds the lake holds exactly the model's live rows,
 * one a key, and every file a rewrite wrote has a name of its own.
 */
class ParallelRewriteIT {
  private static final int ROUNDS = 40;
  private static final int WRITER_THREADS = 4;

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void groupsRewrittenAtOnceKeepEveryLiveRowOnceOverManyRounds() {
    String topic = InProcessSidecar.uniqueTopic("parallel-rewrite");
    KAFKA.createTopic(topic, 3);
    UpsertModel model = new UpsertModel();
    Random random = new Random(17);
    Set<String> rewrittenFiles = new HashSet<>();
    int roundsWithSeveralGroupsInOnePartition = 0;
    try (InProcessSidecar sidecar = new InProcessSidecar(
        KAFKA.bootstrapServers(),
        warehouse.lakeSettings(),
        "_tables",
        RoundRunner.settings(WRITER_THREADS, InProcessSidecar.TARGET_FILE_SIZE),
        null)) {
      // a low fraction rewrites most older files alone as soon as a few of their rows are updated,
      // beside the
      // runs of small files: several groups of one partition in most rounds
      TableDescriptor table = sidecar.add(
          topic,
          Duration.ofMinutes(3),
          Map.of("mode", "upsert", "compact-deleted-fraction", "0.02"));
      for (int round = 0; round < ROUNDS; round++) {
        UpsertWalk.produce(KAFKA, topic, model, random, 150 + random.nextInt(300), 400);
        sidecar.runRound(table);

        Table lake = sidecar.table(table);
        assertThat(UpsertWalk.lakeRows(lake))
            .as("round %d", round)
            .isEqualTo(model.liveBelow(sidecar.offsets(table).nextOffsets()));
        Map<Integer, Integer> rewritesByPartition = rewrites(lake, rewrittenFiles);
        if (rewritesByPartition.values().stream().anyMatch(files -> files > 1)) {
          roundsWithSeveralGroupsInOnePartition++;
        }
      }
    }
    assertThat(roundsWithSeveralGroupsInOnePartition)
        .as("rounds that rewrote several groups of one Kafka partition at once")
        .isGreaterThan(ROUNDS / 4);
  }

  /** The files the round's compaction wrote, by Kafka partition; each name must be new. */
  private static Map<Integer, Integer> rewrites(Table table, Set<String> seen) {
    Map<Integer, Integer> byPartition = new HashMap<>();
    for (DataFile file : SnapshotChanges.builderFor(table)
        .snapshot(table.currentSnapshot())
        .build()
        .addedDataFiles()) {
      String name = file.location().substring(file.location().lastIndexOf('/') + 1);
      if (name.contains("-compaction-")) {
        assertThat(seen.add(name)).as("file %s written twice", name).isTrue();
        byPartition.merge(CompactionPlanner.kafkaPartition(file).orElseThrow(), 1, Integer::sum);
      }
    }
    return byPartition;
  }
}
