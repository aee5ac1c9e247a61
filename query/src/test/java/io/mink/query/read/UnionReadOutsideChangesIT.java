package io.mink.query.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.query.sql.QuerySettings;
import io.mink.query.sql.SidecarTables;
import io.mink.query.sql.SqlEngine;
import io.mink.query.sql.StatementResult;
import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.deletes.PositionDelete;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Union reads and SQL after changes made outside Mink, with no sidecar running to notice them: another engine's
 * DELETE on top of the last round is part of the read; a topic deleted and created again is refused, as for a
 * replaced table, while the lake alone still reads.
 */
class UnionReadOutsideChangesIT {
  private static final Duration FRESHNESS = Duration.ofHours(1);

  private static final Comparator<String> BY_PARTITION_AND_OFFSET = Comparator.comparingInt(
          (String key) -> Integer.parseInt(key.substring(0, key.indexOf('@'))))
      .thenComparingLong(key -> Long.parseLong(key.substring(key.indexOf('@') + 1)));

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void aDeleteAnotherEngineCommittedOnTopOfTheLastRoundIsPartOfTheUnionRead() {
    String topic = topic(2);
    produce(topic, 0, 0, 10);
    produce(topic, 1, 0, 5);
    try (InProcessSidecar sidecar = sidecar();
        SqlEngine engine = engine(sidecar)) {
      TableDescriptor table = sidecar.addNew(topic, KAFKA.topicId(topic).toString(), FRESHNESS);
      sidecar.runRound(table);
      produce(topic, 0, 10, 3);
      Table lake = sidecar.table(table);
      deleteByPosition(lake, 0, 0, 1, 2);
      long delete = lake.currentSnapshot().snapshotId();

      ReadRows union = UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.union));
      ReadRows again = UnionReadIT.read(
          sidecar,
          table,
          ReadRequest.of(ReadMode.union).at(ReadPoint.parse(union.point().token())));

      List<String> expected = new ArrayList<>(offsetsIcebergReads(lake));
      expected.addAll(List.of("0@10", "0@11", "0@12"));
      expected.sort(BY_PARTITION_AND_OFFSET);
      assertThat(union.offsets()).hasSize(15).doesNotContain("0@0", "0@1", "0@2");
      assertThat(sorted(union.offsets())).isEqualTo(expected);
      assertThat(union.point().token()).isEqualTo("v1:s=" + delete + ":0=10-13,1=5-5");
      assertThat(again.offsets()).isEqualTo(union.offsets());
      assertThat(count(engine, table)).isEqualTo(15);
    }
  }

  @Test
  void aStatementReadsWhatAnotherEngineCommittedAfterTheEnginesLastStatement() {
    String topic = topic(2);
    produce(topic, 0, 0, 10);
    produce(topic, 1, 0, 5);
    try (InProcessSidecar sidecar = sidecar();
        SqlEngine engine = engine(sidecar)) {
      TableDescriptor table = sidecar.addNew(topic, KAFKA.topicId(topic).toString(), FRESHNESS);
      sidecar.runRound(table);
      produce(topic, 0, 10, 3);
      String explain = "EXPLAIN SELECT count(*) FROM " + table.qualifiedName();
      assertThat(count(engine, table)).isEqualTo(18);
      assertThat(rows(engine, explain).get(0)).contains("lake_reader=manifests");

      deleteByPosition(sidecar.table(table), 0, 0, 1, 2);

      assertThat(count(engine, table)).isEqualTo(15);
      assertThat(rows(engine, explain).get(0))
          .contains("files=2")
          .doesNotContain("lake_reader=manifests");

      sidecar
          .table(table)
          .updateSchema()
          .addColumn("note", Types.StringType.get())
          .commit();

      assertThat(rows(
              engine,
              "SELECT column_name FROM information_schema.columns WHERE table_name = '"
                  + table.name() + "' AND column_name = 'note'"))
          .containsExactly("note");

      produce(topic, 1, 5, 2);
      sidecar.runRound(table);
      produce(topic, 1, 7, 1);

      assertThat(count(engine, table)).isEqualTo(18);
      assertThat(rows(
              engine,
              "SELECT _kafka_partition, count(note), count(*) FROM " + table.qualifiedName()
                  + " GROUP BY ALL ORDER BY 1"))
          .containsExactly("0|0|10", "1|0|8");
    }
  }

  @Test
  void aTopicDeletedAndCreatedAgainIsRefusedWithItsTailAndTheLakeStillReads() {
    String topic = topic(1);
    produce(topic, 0, 0, 10);
    try (InProcessSidecar sidecar = sidecar();
        SqlEngine engine = engine(sidecar)) {
      String topicId = KAFKA.topicId(topic).toString();
      TableDescriptor table = sidecar.addNew(topic, topicId, FRESHNESS);
      sidecar.runRound(table);
      KAFKA.deleteTopic(topic);
      KAFKA.createTopic(topic, 1);
      produce(topic, 0, 0, 15);
      String refusal = "Topic " + topic + " of table " + table.qualifiedName()
          + " was deleted and created again (topic id " + topicId + " is now "
          + KAFKA.topicId(topic)
          + "), so its records do not continue the table's lake. Read what the "
          + "lake holds with --mode lake; to index the new topic, remove the table and add it again";

      assertThatThrownBy(() -> UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.union)))
          .isInstanceOf(MinkException.class)
          .hasMessage(refusal);
      assertThatThrownBy(() -> UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.log)))
          .hasMessage(refusal);
      assertThatThrownBy(() -> count(engine, table)).hasMessage(refusal);
      assertThat(UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.lake)).offsets())
          .hasSize(10);
    }
  }

  @Test
  void aTopicDeletedForGoodIsRefusedWithItsTail() {
    String topic = topic(1);
    produce(topic, 0, 0, 4);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.addNew(topic, KAFKA.topicId(topic).toString(), FRESHNESS);
      sidecar.runRound(table);
      KAFKA.deleteTopic(topic);

      assertThatThrownBy(() -> UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.union)))
          .isInstanceOf(MinkException.class)
          .hasMessage("Topic " + topic + " of table " + table.qualifiedName()
              + " no longer exists, so no Kafka tail continues the table's lake. Read what the lake holds "
              + "with --mode lake");
      assertThat(UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.lake)).offsets())
          .hasSize(4);
    }
  }

  @Test
  void aTableWithoutATopicIdWhoseSeamLiesPastTheRecreatedTopicsEndIsRefused() {
    String topic = topic(1);
    produce(topic, 0, 0, 10);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, FRESHNESS);
      sidecar.runRound(table);
      KAFKA.deleteTopic(topic);
      KAFKA.createTopic(topic, 1);
      produce(topic, 0, 0, 4);

      assertThatThrownBy(() -> UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.union)))
          .isInstanceOf(MinkException.class)
          .hasMessage(
              "Cannot read partition 0 of topic " + topic + " after the lake: the lake holds its "
                  + "records up to offset 10, but the partition ends at offset 4 in Kafka, so the topic was "
                  + "deleted and created again or truncated after the table's last round. Read what the lake "
                  + "holds with --mode lake; a topic created again is another topic: remove the table and add "
                  + "it again to index it");
      assertThat(UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.lake)).offsets())
          .hasSize(10);
    }
  }

  private static List<String> sorted(List<String> offsets) {
    List<String> sorted = new ArrayList<>(offsets);
    sorted.sort(BY_PARTITION_AND_OFFSET);
    return sorted;
  }

  /** The table's rows as Iceberg's own reader reads its current snapshot, as partition@offset. */
  private static List<String> offsetsIcebergReads(Table table) {
    table.refresh();
    List<String> offsets = new ArrayList<>();
    try (CloseableIterable<Record> rows = IcebergGenerics.read(table).build()) {
      rows.forEach(row -> offsets.add(
          row.getField(KafkaColumns.PARTITION) + "@" + row.getField(KafkaColumns.OFFSET)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return offsets;
  }

  /**
   * Deletes rows of a Kafka partition by position in its data file, as Spark's merge-on-read DELETE does: a position
   * delete file in a row delta, committed without Mink's summary.
   */
  private static void deleteByPosition(Table table, int partition, long... positions) {
    table.refresh();
    DataFile file = fileOf(table, partition);
    OutputFileFactory files = OutputFileFactory.builderFor(table, 99, 1)
        .format(FileFormat.PARQUET)
        .operationId("other-engine-" + UUID.randomUUID())
        .build();
    PositionDeleteWriter<Record> writer = new GenericFileWriterFactory.Builder(table)
        .deleteFileFormat(FileFormat.PARQUET)
        .build()
        .newPositionDeleteWriter(
            files.newOutputFile(table.specs().get(file.specId()), file.partition()),
            table.specs().get(file.specId()),
            file.partition());
    try (writer) {
      for (long position : positions) {
        writer.write(PositionDelete.<Record>create().set(file.location(), position));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    DeleteFile deletes = writer.toDeleteFile();
    table.newRowDelta().addDeletes(deletes).commit();
  }

  /** The table's only data file of the Kafka partition: the table is partitioned by {@code _kafka_partition}. */
  private static DataFile fileOf(Table table, int partition) {
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      List<DataFile> holding = new ArrayList<>();
      for (FileScanTask task : tasks) {
        if (task.file().partition().get(0, Integer.class) == partition) {
          holding.add(task.file());
        }
      }
      assertThat(holding).hasSize(1);
      return holding.get(0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The statement's rows, each as its values joined by |. */
  private static List<String> rows(SqlEngine engine, String sql) {
    List<String> rows = new ArrayList<>();
    try (BufferAllocator allocator = RowBatch.newChildAllocator("test");
        StatementResult result = engine.execute(sql, allocator)) {
      while (result.reader().loadNextBatch()) {
        var root = result.reader().getVectorSchemaRoot();
        for (int row = 0; row < root.getRowCount(); row++) {
          List<String> values = new ArrayList<>();
          for (int column = 0; column < root.getFieldVectors().size(); column++) {
            values.add(String.valueOf(root.getVector(column).getObject(row)));
          }
          rows.add(String.join("|", values));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  private static long count(SqlEngine engine, TableDescriptor table) {
    try (BufferAllocator allocator = RowBatch.newChildAllocator("test");
        StatementResult result =
            engine.execute("SELECT count(*) FROM " + table.qualifiedName(), allocator)) {
      result.reader().loadNextBatch();
      return ((Number) result.reader().getVectorSchemaRoot().getVector(0).getObject(0)).longValue();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private SqlEngine engine(InProcessSidecar sidecar) {
    return new SqlEngine(new SidecarTables(sidecar), QuerySettings.defaults("kafka"));
  }

  private InProcessSidecar sidecar() {
    return new InProcessSidecar(
        KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables-" + System.nanoTime());
  }

  /** {@code count} records into the partition, valued p{partition}-{n} from n = {@code first}. */
  private static void produce(String topic, int partition, int first, int count) {
    List<TestRecord> records = new ArrayList<>();
    for (int n = first; n < first + count; n++) {
      records.add(new TestRecord(
          partition,
          null,
          ("p" + partition + "-" + n).getBytes(StandardCharsets.UTF_8),
          List.of(),
          null));
    }
    KAFKA.produce(topic, records);
  }

  private static String topic(int partitions) {
    String topic = InProcessSidecar.uniqueTopic("outside");
    KAFKA.createTopic(topic, partitions);
    return topic;
  }
}
