package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.schedule.TieringSettings;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecords;
import io.mink.testkit.Warehouse;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A round over more partitions than its open-file budget reads them a few at a time, with small row groups. */
class BoundedWritersIT {
  private static final long MIB = 1L << 20;

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void roundWithMorePartitionsThanOpenFilesIndexesEveryRecordWithinTheBudget() throws IOException {
    String topic = InProcessSidecar.uniqueTopic("wide");
    KAFKA.createTopic(topic, 12);
    KAFKA.produce(topic, TestRecords.sized(7, 24_000, 500, 12));
    WriterBudget budget = new WriterBudget(4 * MIB, 4, 1);
    TieringSettings settings = new TieringSettings(
        1,
        2,
        128 * MIB,
        Duration.ofSeconds(1),
        Duration.ofSeconds(30),
        Duration.ofSeconds(10),
        "mink-bounded",
        "_owners_" + topic,
        budget);

    RoundResult result;
    Table table;
    try (InProcessSidecar sidecar = new InProcessSidecar(
        KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables_" + topic, settings, null)) {
      TableDescriptor descriptor = sidecar.add(topic, Duration.ofMinutes(3));
      result = sidecar.runRound(descriptor);
      table = sidecar.table(descriptor);
    }

    assertThat(result.rows()).isEqualTo(24_000);
    assertThat(result.offsets().nextOffsets()).isEqualTo(KAFKA.endOffsets(topic));
    List<DataFile> files = files(table);
    Set<Integer> partitions = new HashSet<>();
    for (DataFile file : files) {
      partitions.add(file.partition().get(0, Integer.class));
      assertThat(file.splitOffsets())
          .as("row groups of %s (%d bytes)", file.location(), file.fileSizeInBytes())
          .hasSizeGreaterThanOrEqualTo(
              (int) (file.fileSizeInBytes() / (2 * budget.rowGroupBytes())));
    }
    assertThat(partitions).hasSize(12);
    assertThat(files).hasSize(12);
    assertThat(files.stream().mapToLong(DataFile::fileSizeInBytes).sum())
        .isGreaterThan(4 * budget.rowGroupBytes());
  }

  private static List<DataFile> files(Table table) throws IOException {
    List<DataFile> files = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      tasks.forEach(task -> files.add(task.file()));
    }
    return files;
  }
}
