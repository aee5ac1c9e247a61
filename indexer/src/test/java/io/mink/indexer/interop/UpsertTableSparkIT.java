package io.mink.indexer.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.indexer.testing.UpsertModel;
import io.mink.indexer.testing.UpsertWalk;
import io.mink.indexer.upsert.UpsertRound;
import io.mink.lake.MinkSnapshot;
import io.mink.schema.KafkaColumns;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
import io.mink.testkit.Warehouse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An upsert table over rounds of inserts, updates, tombstones and records without a key: after every round, Spark's
 * SELECT * and Iceberg's own reader see exactly the model's rows, the newest value of each key below the table's
 * offsets, each key once. Format 3 replaces rows with deletion vectors, format 2 with position deletes; neither has
 * an equality delete.
 */
class UpsertTableSparkIT {
  private static final int ROUNDS = 6;
  private static final int KEYS = 2_000;

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void formatThreeTableEqualsTheModelAfterEveryRoundThroughDeletionVectors() {
    assertThat(runRounds("3", 11)).isNotEmpty().allSatisfy(file -> {
      assertThat(file.content()).isEqualTo(FileContent.POSITION_DELETES);
      assertThat(file.format()).isEqualTo(FileFormat.PUFFIN);
    });
  }

  @Test
  void formatTwoTableEqualsTheModelAfterEveryRoundThroughPositionDeletes() {
    assertThat(runRounds("2", 12)).isNotEmpty().allSatisfy(file -> {
      assertThat(file.content()).isEqualTo(FileContent.POSITION_DELETES);
      assertThat(file.format()).isEqualTo(FileFormat.PARQUET);
    });
  }

  /** Runs the rounds, checking each, and returns every delete file the table had after any of them. */
  private List<DeleteFile> runRounds(String formatVersion, long seed) {
    List<DeleteFile> seen = new ArrayList<>();
    String topic = InProcessSidecar.uniqueTopic("upserts");
    KAFKA.createTopic(topic, 3);
    UpsertModel model = new UpsertModel();
    Random random = new Random(seed);
    try (InProcessSidecar sidecar =
            new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables");
        SparkReader spark = SparkReader.start(warehouse.lakeSettings())) {
      TableDescriptor descriptor = sidecar.add(
          topic,
          Duration.ofMinutes(3),
          Map.of("mode", "upsert", "iceberg.format-version", formatVersion));
      org.apache.iceberg.Schema schema = sidecar.table(descriptor).schema();
      assertThat(schema.findField(KafkaColumns.KEY).isRequired()).isTrue();
      assertThat(schema.identifierFieldNames()).containsExactly(KafkaColumns.KEY);
      for (int round = 0; round < ROUNDS; round++) {
        UpsertWalk.produce(KAFKA, topic, model, random, 400 + random.nextInt(400), KEYS);
        sidecar.runRound(descriptor);
        Table table = sidecar.table(descriptor);
        Map<Integer, Long> offsets = sidecar.offsets(descriptor).nextOffsets();
        Map<String, UpsertModel.Row> expected = model.liveBelow(offsets);
        assertThat(UpsertWalk.lakeRows(table))
            .as("Iceberg's reader after round %d", round)
            .isEqualTo(expected);
        assertThat(sparkRows(spark, descriptor))
            .as("Spark after round %d", round)
            .isEqualTo(expected);
        seen.addAll(deleteFiles(table));
      }
      Table table = sidecar.table(descriptor);
      assertThat(table.currentSnapshot().summary())
          .containsKey(MinkSnapshot.RAW_PROPERTY_PREFIX + UpsertRound.NULL_KEY_REASON);
      assertThat(table.snapshots())
          .as("rounds rewrote files whose deleted rows reached 30 %%")
          .anyMatch(
              snapshot -> snapshot.summary().containsKey(MinkSnapshot.COMPACTED_FILES_PROPERTY));
      assertThat(deletedFractions(table))
          .allSatisfy(fraction -> assertThat(fraction).isLessThan(0.3));
      long counted = 0;
      for (var snapshot : table.snapshots()) {
        counted += Long.parseLong(snapshot
            .summary()
            .getOrDefault(MinkSnapshot.RAW_PROPERTY_PREFIX + UpsertRound.NULL_KEY_REASON, "0"));
      }
      assertThat(counted).isEqualTo(model.nullKeys());
      return seen;
    }
  }

  private static Map<String, UpsertModel.Row> sparkRows(
      SparkReader spark, TableDescriptor descriptor) {
    Map<String, UpsertModel.Row> rows = new TreeMap<>();
    for (Map<String, Object> row :
        spark.sql("SELECT CAST(_kafka_key AS STRING) AS k, CAST(_kafka_value AS STRING)"
            + " AS v, _kafka_partition AS p, _kafka_offset AS o FROM mink."
            + descriptor.qualifiedName())) {
      UpsertModel.Row read = new UpsertModel.Row(
          (String) row.get("k"),
          (String) row.get("v"),
          ((Number) row.get("p")).intValue(),
          ((Number) row.get("o")).longValue());
      assertThat(rows.put(read.key(), read))
          .as("key %s twice in Spark", read.key())
          .isNull();
    }
    return rows;
  }

  /** Per data file, the fraction of its rows its delete files delete. */
  private static List<Double> deletedFractions(Table table) {
    List<Double> fractions = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      for (FileScanTask task : tasks) {
        long deleted =
            task.deletes().stream().mapToLong(DeleteFile::recordCount).sum();
        fractions.add((double) deleted / task.file().recordCount());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return fractions;
  }

  private static List<DeleteFile> deleteFiles(Table table) {
    List<DeleteFile> deletes = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      tasks.forEach(task -> deletes.addAll(task.deletes()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return deletes;
  }
}
