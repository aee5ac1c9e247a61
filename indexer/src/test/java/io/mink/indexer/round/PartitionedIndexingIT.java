package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.schedule.TieringService;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.PartitionSpecs;
import io.mink.schema.KafkaColumns;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Rounds into tables with a --partition-by spec, a per-table file size and format version 3. */
class PartitionedIndexingIT {
  private static final long DAY_ONE_MILLIS =
      Instant.parse("2026-03-01T10:00:00Z").toEpochMilli();
  private static final long DAY_MILLIS = 86_400_000L;

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void roundWritesEachRowIntoItsKafkaPartitionAndDayAndTimeFiltersPrune() {
    String topic = InProcessSidecar.uniqueTopic("by-day");
    KAFKA.createTopic(topic, 2);
    List<TestRecord> records = new ArrayList<>();
    Map<String, Long> expected = new HashMap<>();
    for (int i = 0; i < 600; i++) {
      int partition = (i / 3) % 2;
      // three days in offset order, and every 25th record a late one from day one
      int day = i % 25 == 24 ? 0 : i / 200;
      records.add(new TestRecord(
          partition,
          null,
          ("v" + i).getBytes(StandardCharsets.UTF_8),
          List.of(),
          DAY_ONE_MILLIS + DAY_MILLIS * day));
      expected.merge(partition + "/" + day, 1L, Long::sum);
    }
    KAFKA.produce(topic, records);

    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables")) {
      TableDescriptor descriptor = add(
          sidecar,
          topic,
          Map.of("partition-by", "day(_kafka_timestamp)"),
          List.of("day(_kafka_timestamp)"));
      RoundResult result = sidecar.runRound(descriptor);

      assertThat(result.rows()).isEqualTo(600);
      Table table = sidecar.table(descriptor);
      assertThat(PartitionSpecs.describe(table.spec()))
          .isEqualTo("identity(_kafka_partition), day(_kafka_timestamp)");
      int dayOne = (int) (DAY_ONE_MILLIS / DAY_MILLIS);
      Map<String, Long> rowsByKey = new HashMap<>();
      for (FileScanTask task : planned(table, Expressions.alwaysTrue())) {
        DataFile file = task.file();
        int partitionFieldId = table.schema().findField(KafkaColumns.PARTITION).fieldId();
        assertThat(file.lowerBounds().get(partitionFieldId))
            .isEqualTo(file.upperBounds().get(partitionFieldId));
        rowsByKey.merge(
            file.partition().get(0, Integer.class) + "/"
                + (file.partition().get(1, Integer.class) - dayOne),
            file.recordCount(),
            Long::sum);
      }
      assertThat(rowsByKey).isEqualTo(expected).containsKeys("0/0", "1/0", "0/2", "1/2");

      long dayThreeMicros = (DAY_ONE_MILLIS / DAY_MILLIS + 2) * DAY_MILLIS * 1000;
      assertThat(planned(
              table, Expressions.greaterThanOrEqual(KafkaColumns.TIMESTAMP, dayThreeMicros)))
          .hasSize(2);
      assertThat(planned(
              table,
              Expressions.and(
                  Expressions.equal(KafkaColumns.PARTITION, 1),
                  Expressions.greaterThanOrEqual(KafkaColumns.TIMESTAMP, dayThreeMicros))))
          .hasSize(1);
      assertThat(sidecar.rows(descriptor))
          .hasSize(600)
          .extracting(InProcessSidecar::offsetKey)
          .doesNotHaveDuplicates();
      assertThat(sidecar.offsets(descriptor)).isEqualTo(LakeOffsets.of(KAFKA.endOffsets(topic)));
    }
  }

  @Test
  void formatVersionThreeTablesIndexRoundAfterRoundWithRowLineage() {
    String topic = InProcessSidecar.uniqueTopic("v3");
    KAFKA.createTopic(topic, 2);
    KAFKA.produce(topic, records(0, 300));

    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables")) {
      TableDescriptor descriptor =
          add(sidecar, topic, Map.of("iceberg.format-version", "3"), List.of());
      assertThat(sidecar.runRound(descriptor).rows()).isEqualTo(300);
      KAFKA.produce(topic, records(300, 200));
      assertThat(sidecar.runRound(descriptor).rows()).isEqualTo(200);

      Table table = sidecar.table(descriptor);
      assertThat(((HasTableOperations) table).operations().current().formatVersion())
          .isEqualTo(3);
      assertThat(((HasTableOperations) table).operations().current().nextRowId())
          .isEqualTo(500);
      assertThat(table.currentSnapshot().firstRowId()).isEqualTo(300);
      assertThat(sidecar.rows(descriptor))
          .hasSize(500)
          .extracting(InProcessSidecar::offsetKey)
          .doesNotHaveDuplicates();
      assertThat(sidecar.offsets(descriptor)).isEqualTo(LakeOffsets.of(KAFKA.endOffsets(topic)));
    }
  }

  @Test
  void targetFileSizeOptionOfTheTableRollsItsFiles() {
    String topic = InProcessSidecar.uniqueTopic("small-files");
    KAFKA.createTopic(topic, 1);
    List<TestRecord> records = new ArrayList<>();
    java.util.Random random = new java.util.Random(7);
    for (int i = 0; i < 4_000; i++) {
      byte[] value = new byte[500];
      random.nextBytes(value);
      records.add(new TestRecord(0, null, value, List.of(), DAY_ONE_MILLIS));
    }
    KAFKA.produce(topic, records);

    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables")) {
      TableDescriptor descriptor = add(
          sidecar,
          topic,
          Map.of("iceberg.write.target-file-size-bytes", Long.toString(256 * 1024)),
          List.of());
      RoundResult result = sidecar.runRound(descriptor);

      assertThat(result.files()).isGreaterThan(3);
      for (FileScanTask task : planned(sidecar.table(descriptor), Expressions.alwaysTrue())) {
        assertThat(task.file().fileSizeInBytes()).isLessThan(512 * 1024);
      }
    }
  }

  /** Adds the table as mink table add does with these options. */
  private static TableDescriptor add(
      InProcessSidecar sidecar,
      String topic,
      Map<String, String> options,
      List<String> partitionBy) {
    TableDescriptor descriptor = new TableDescriptor(
        "kafka",
        TableDescriptor.tableNameFor(topic),
        topic,
        null,
        Duration.ofMinutes(3),
        options,
        Instant.now());
    sidecar.lake.create(
        TieringService.identifier(descriptor),
        PartitionSpecs.forNewTable(KafkaColumns.SCHEMA, PartitionSpecs.parse(partitionBy)),
        MinkTableLayout.properties(topic, null, 128L << 20, options));
    sidecar.store.put(descriptor);
    return descriptor;
  }

  private static List<TestRecord> records(int from, int count) {
    List<TestRecord> records = new ArrayList<>();
    for (int i = from; i < from + count; i++) {
      records.add(new TestRecord(
          i % 2, null, ("v" + i).getBytes(StandardCharsets.UTF_8), List.of(), DAY_ONE_MILLIS + i));
    }
    return records;
  }

  private static List<FileScanTask> planned(Table table, Expression filter) {
    List<FileScanTask> tasks = new ArrayList<>();
    try (CloseableIterable<FileScanTask> files =
        table.newScan().filter(filter).includeColumnStats().planFiles()) {
      files.forEach(tasks::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return tasks;
  }
}
