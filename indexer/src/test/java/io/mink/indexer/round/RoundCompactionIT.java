package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecords;
import io.mink.testkit.Warehouse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** lake_auto_compaction through real rounds: fewer files, the very same rows, in the round's snapshot. */
class RoundCompactionIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void roundsCompactTheSmallFilesOfThePartitionsTheyWroteToAndKeepEveryRow() {
    String topic = InProcessSidecar.uniqueTopic("compacted");
    KAFKA.createTopic(topic, 2);
    try (InProcessSidecar sidecar = new InProcessSidecar(
        KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables_" + topic)) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar
          .table(table)
          .updateProperties()
          .set(RoundCompaction.PROPERTY, "true")
          .commit();
      for (int round = 0; round < 3; round++) {
        KAFKA.produce(topic, TestRecords.mixed(round, 200, 2));
        sidecar.runRound(table);
      }
      Map<String, Record> before = byOffset(sidecar.rows(table));
      assertThat(dataFiles(sidecar.table(table))).isEqualTo(6);

      KAFKA.produce(topic, TestRecords.mixed(3, 200, 2));
      RoundResult result = sidecar.runRound(table);

      Table compacted = sidecar.table(table);
      assertThat(result.committed()).isTrue();
      assertThat(compacted.currentSnapshot().summary()).containsEntry("mink-compacted-files", "6");
      assertThat(compacted.currentSnapshot().operation()).isEqualTo("overwrite");
      assertThat(dataFiles(compacted)).isEqualTo(4);
      Map<String, Record> after = byOffset(sidecar.rows(table));
      assertThat(after).hasSize(before.size() + 200);
      before.forEach((offset, row) -> assertThat(after.get(offset)).isEqualTo(row));
    }
  }

  @Test
  void withoutThePropertyNothingIsCompacted() {
    String topic = InProcessSidecar.uniqueTopic("uncompacted");
    KAFKA.createTopic(topic, 1);
    try (InProcessSidecar sidecar = new InProcessSidecar(
        KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables_" + topic)) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      for (int round = 0; round < 4; round++) {
        KAFKA.produce(topic, TestRecords.mixed(round, 50, 1));
        sidecar.runRound(table);
      }

      assertThat(dataFiles(sidecar.table(table))).isEqualTo(4);
      assertThat(sidecar.table(table).currentSnapshot().summary())
          .doesNotContainKey("mink-compacted-files");
    }
  }

  private static Map<String, Record> byOffset(List<Record> rows) {
    Map<String, Record> byOffset = new TreeMap<>();
    rows.forEach(row -> byOffset.put(InProcessSidecar.offsetKey(row), row));
    assertThat(byOffset).hasSize(rows.size());
    return byOffset;
  }

  private static int dataFiles(Table table) {
    List<FileScanTask> tasks = new ArrayList<>();
    try (CloseableIterable<FileScanTask> planned = table.newScan().planFiles()) {
      planned.forEach(tasks::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return tasks.size();
  }
}
