package io.mink.query.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.ErrorCategory;
import io.mink.indexer.errors.MinkException;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.schema.batch.RowBatch;
import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** SQL over raw tables against a real broker and catalog: lake plus tail, one point per statement, pushdown. */
class SqlEngineIT {
  private static final Instant SINCE = Instant.parse("2026-12-01T10:00:00Z");

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void aStatementReadsTheLakeThenTheTailOfEveryPartition() {
    String topic = topic(2);
    produce(topic, 0, 0, 4);
    produce(topic, 1, 0, 2);
    try (InProcessSidecar sidecar = sidecar();
        SqlEngine engine = engine(sidecar)) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      produce(topic, 0, 4, 3);

      assertThat(rows(engine, "SELECT count(*) FROM " + table.name())).containsExactly("9");
      assertThat(rows(
              engine,
              "SELECT _kafka_partition, _kafka_offset, decode(_kafka_value) FROM "
                  + table.qualifiedName() + " ORDER BY 1, 2"))
          .containsExactly(
              "0|0|p0-0",
              "0|1|p0-1",
              "0|2|p0-2",
              "0|3|p0-3",
              "0|4|p0-4",
              "0|5|p0-5",
              "0|6|p0-6",
              "1|0|p1-0",
              "1|1|p1-1");
      assertThat(rows(
              engine,
              "SELECT count(*) FROM mink." + table.qualifiedName() + " a JOIN " + table.name()
                  + " b USING (_kafka_partition, _kafka_offset)"))
          .containsExactly("9");
    }
  }

  @Test
  void partitionPinsAndLimitsReachTheScanAndExplainShowsThem() {
    String topic = topic(3);
    produce(topic, 0, 0, 5);
    produce(topic, 1, 0, 5);
    produce(topic, 2, 0, 5);
    try (InProcessSidecar sidecar = sidecar();
        SqlEngine engine = engine(sidecar)) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);

      String sql = "SELECT _kafka_offset FROM " + table.name()
          + " WHERE _kafka_partition IN (1, 2) AND _kafka_offset >= 3";
      assertThat(rows(engine, sql)).containsExactlyInAnyOrder("3", "4", "3", "4");
      List<String> plan = rows(engine, "EXPLAIN " + sql);
      assertThat(plan.get(0))
          .startsWith("mink_scan|MinkScan: table=" + table.qualifiedName() + ", splits=2")
          .contains("filter=_kafka_partition IN (1, 2) (exact) AND ")
          .contains("projection=[_kafka_partition, _kafka_offset]")
          .contains("limit=none")
          .endsWith("lake_reader=mink");
      assertThat(
              rows(engine, "EXPLAIN SELECT * FROM " + table.name() + " LIMIT 2").get(0))
          .contains("limit=2");
      assertThat(rows(engine, "SELECT * FROM " + table.name() + " LIMIT 2")).hasSize(2);
    }
  }

  @Test
  void unknownTablesBadSqlAndWritesAreClearErrors() {
    try (InProcessSidecar sidecar = sidecar();
        SqlEngine engine = engine(sidecar)) {
      assertThatThrownBy(() -> rows(engine, "SELECT * FROM nothing_here"))
          .isInstanceOf(MinkException.class)
          .hasMessageStartingWith("Table kafka.nothing_here is not added to Mink")
          .extracting(e -> ((MinkException) e).category())
          .isEqualTo(ErrorCategory.CONFLICT);
      assertThatThrownBy(() -> rows(engine, "SELEC 1"))
          .isInstanceOf(MinkException.class)
          .hasMessageContaining("not served");
      assertThatThrownBy(() -> rows(engine, "SELECT FROM WHERE"))
          .isInstanceOf(MinkException.class)
          .hasMessageStartingWith("Cannot run the statement: syntax error at or near");
      assertThatThrownBy(() -> rows(engine, "CREATE TABLE x (a int)"))
          .hasMessageStartingWith("CREATE statements are not served: mink-query only reads");
      assertThat(rows(engine, "SELECT 1 + 1")).containsExactly("2");
      assertThatThrownBy(() -> rows(engine, "SELECT * FROM read_csv('/etc/hostname')"))
          .hasMessageStartingWith("Cannot run the statement: Permission Error");
      assertThatThrownBy(() -> rows(engine, "SELECT * FROM 'x.parquet'"))
          .isInstanceOf(MinkException.class);
    }
  }

  @Test
  void aTableAddedAfterTheEnginesFirstStatementIsServedByTheNext() {
    String first = topic(1);
    String second = topic(2);
    produce(first, 0, 0, 3);
    produce(second, 0, 0, 4);
    produce(second, 1, 0, 2);
    try (InProcessSidecar sidecar = sidecar();
        SqlEngine engine = engine(sidecar)) {
      TableDescriptor a = sidecar.add(first, Duration.ofMinutes(3));
      sidecar.runRound(a);
      String listed =
          "SELECT table_name FROM information_schema.tables WHERE table_catalog = 'mink'"
              + " AND table_name IN ('" + a.name() + "', '" + TableDescriptor.tableNameFor(second)
              + "') ORDER BY 1";
      assertThat(rows(engine, "SELECT count(*) FROM " + a.name())).containsExactly("3");
      assertThat(rows(engine, listed)).containsExactly(a.name());

      TableDescriptor b = sidecar.add(second, Duration.ofMinutes(3));
      sidecar.runRound(b);
      produce(second, 1, 2, 1);

      assertThat(rows(engine, "SELECT count(*) FROM " + b.name())).containsExactly("7");
      assertThat(rows(engine, listed))
          .containsExactlyElementsOf(
              java.util.stream.Stream.of(a.name(), b.name()).sorted().toList());
      assertThat(rows(engine, "SELECT count(*) FROM " + a.name() + ", " + b.name()))
          .containsExactly("21");
    }
  }

  @Test
  void aMissingOrReplacedTableIsNotServedAndSaysWhy() {
    try (InProcessSidecar sidecar = sidecar();
        SqlEngine engine = engine(sidecar)) {
      TableDescriptor gone = new TableDescriptor(
          "kafka", "gone_orders", "gone_orders", "id-gone", Duration.ofMinutes(1), Map.of(), SINCE);
      sidecar.store.add(gone.withLifecycle(new Lifecycle(
          LifecycleState.MISSING, SINCE, "topic gone_orders no longer exists in Kafka")));

      assertThatThrownBy(() -> rows(engine, "SELECT count(*) FROM gone_orders"))
          .isInstanceOf(MinkException.class)
          .hasMessage("Table kafka.gone_orders is missing since " + SINCE + " (topic gone_orders no"
              + " longer exists in Kafka), so it is not served: mink table show kafka.gone_orders"
              + " says what to do")
          .extracting(e -> ((MinkException) e).category())
          .isEqualTo(ErrorCategory.CONFLICT);
      assertThat(rows(
              engine,
              "SELECT count(*) FROM information_schema.tables WHERE table_name = 'gone_orders'"))
          .containsExactly("0");
    }
  }

  static List<String> rows(SqlEngine engine, String sql) {
    List<String> rows = new ArrayList<>();
    try (BufferAllocator allocator = RowBatch.newChildAllocator("test");
        StatementResult result = engine.execute(sql, allocator)) {
      while (result.reader().loadNextBatch()) {
        VectorSchemaRoot root = result.reader().getVectorSchemaRoot();
        for (int row = 0; row < root.getRowCount(); row++) {
          List<String> values = new ArrayList<>();
          for (int column = 0; column < root.getFieldVectors().size(); column++) {
            Object value = root.getVector(column).getObject(row);
            values.add(String.valueOf(value));
          }
          rows.add(String.join("|", values));
        }
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return rows;
  }

  private SqlEngine engine(InProcessSidecar sidecar) {
    return new SqlEngine(new SidecarTables(sidecar), QuerySettings.defaults("kafka"));
  }

  private InProcessSidecar sidecar() {
    return new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables");
  }

  private static String topic(int partitions) {
    String topic = InProcessSidecar.uniqueTopic("sql");
    KAFKA.createTopic(topic, partitions);
    return topic;
  }

  static void produce(String topic, int partition, int first, int count) {
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
}
