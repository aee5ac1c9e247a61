package io.mink.query.sql;

import static io.mink.query.sql.SqlEngineIT.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.schema.batch.RowBatch;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * SQL over the lake and the Kafka tail, checked against what others read: Spark SQL over the lake for the lake part,
 * the topic's records for the tail; an upsert table; pruning by timestamp; a statement while a round commits.
 */
class SqlLakeAndTailIT {
  private static final long T0 = Instant.parse("2026-12-01T00:00:00Z").toEpochMilli();

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void theLakePartAnswersAsSparkDoesAndTheTailAddsTheTopicsRecords() {
    String orders = topic(2);
    String clicks = topic(1);
    produce(orders, 0, 0, 40);
    produce(orders, 1, 0, 25);
    produce(clicks, 0, 0, 30);
    try (InProcessSidecar sidecar = sidecar();
        SqlEngine engine = engine(sidecar);
        SparkReader spark = SparkReader.start(warehouse.lakeSettings())) {
      TableDescriptor a = sidecar.add(orders, Duration.ofMinutes(3));
      TableDescriptor b = sidecar.add(clicks, Duration.ofMinutes(3));
      sidecar.runRound(a);
      sidecar.runRound(b);
      List<String> statements = List.of(
          "SELECT _kafka_partition AS p, count(*) AS n, max(_kafka_offset) AS m FROM %1$s"
              + " GROUP BY 1 ORDER BY 1",
          "SELECT p, o, r FROM (SELECT _kafka_partition AS p, _kafka_offset AS o, row_number() OVER"
              + " (PARTITION BY _kafka_partition ORDER BY _kafka_offset DESC) AS r FROM %1$s) t"
              + " WHERE r <= 3 ORDER BY p, o",
          "SELECT x._kafka_offset AS o FROM %1$s x JOIN %2$s y ON x._kafka_offset = y._kafka_offset"
              + " WHERE x._kafka_partition = 1 ORDER BY 1 LIMIT 10",
          "SELECT _kafka_partition AS p, _kafka_offset AS o FROM %1$s WHERE _kafka_offset BETWEEN 5"
              + " AND 8 OR _kafka_timestamp < TIMESTAMP '2026-12-01 00:00:00.003' ORDER BY 1, 2");
      for (String statement : statements) {
        String sql = statement.formatted(a.qualifiedName(), b.qualifiedName());
        String sparkSql = statement
            .formatted("mink." + a.qualifiedName(), "mink." + b.qualifiedName())
            .replace(
                "TIMESTAMP '2026-12-01 00:00:00.003'", "TIMESTAMP '2026-12-01 00:00:00.003 UTC'");
        assertThat(rows(engine, sql)).as(sql).isEqualTo(sparkRows(spark, sparkSql));
      }

      produce(orders, 1, 25, 7);
      assertThat(rows(engine, "SELECT count(*) FROM " + a.qualifiedName())).containsExactly("72");
      assertThat(rows(engine, "SELECT count(*) AS n, count(*) AS m FROM " + b.qualifiedName()))
          .containsExactly("30|30");
      assertThat(rows(
              engine,
              "SELECT count(*), max(_kafka_offset) FROM " + a.qualifiedName()
                  + " WHERE _kafka_partition = 1"))
          .containsExactly("32|31");
      assertThat(rows(
              engine,
              "SELECT decode(_kafka_value) FROM " + a.qualifiedName()
                  + " WHERE _kafka_partition = 1 AND _kafka_offset >= 25 ORDER BY _kafka_offset"))
          .containsExactly("p1-25", "p1-26", "p1-27", "p1-28", "p1-29", "p1-30", "p1-31");
    }
  }

  @Test
  void filesHoldingSeveralPartitionsAreReadOnceAndPartitionPinsStillHold() {
    String topic = topic(3);
    try (InProcessSidecar sidecar = sidecar();
        SqlEngine engine = engine(sidecar)) {
      TableDescriptor table = sidecar.add(
          topic, Duration.ofMinutes(3), Map.of("partition-by", "day(_kafka_timestamp)"));
      for (int round = 0; round < 2; round++) {
        for (int partition = 0; partition < 3; partition++) {
          produce(topic, partition, round * 10, 10);
        }
        sidecar.runRound(table);
      }
      for (int partition = 0; partition < 3; partition++) {
        produce(topic, partition, 20, 5);
      }

      assertThat(rows(
              engine,
              "SELECT _kafka_partition, count(*), count(DISTINCT _kafka_offset)" + " FROM "
                  + table.name() + " GROUP BY 1 ORDER BY 1"))
          .containsExactly("0|25|25", "1|25|25", "2|25|25");
      assertThat(rows(
              engine,
              "SELECT count(*), min(_kafka_offset), max(_kafka_offset) FROM " + table.name()
                  + " WHERE _kafka_partition = 1"))
          .containsExactly("25|0|24");
      assertThat(
              rows(
                  engine,
                  "SELECT count(*) FROM " + table.name() + " a JOIN " + table.name()
                      + " b USING (_kafka_partition, _kafka_offset) WHERE a._kafka_partition IN (0, 2)"))
          .containsExactly("50");
    }
  }

  @Test
  void aTimestampRangePrunesLakeFilesInExplain() {
    String topic = topic(1);
    try (InProcessSidecar sidecar = sidecar();
        SqlEngine engine = engine(sidecar)) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      for (int round = 0; round < 3; round++) {
        produce(topic, 0, round * 10, 10);
        sidecar.runRound(table);
      }
      String all = "SELECT count(*) FROM " + table.name();
      String lastRound = all + " WHERE _kafka_timestamp >= TIMESTAMP '2026-12-01 00:00:00.020'";

      assertThat(rows(engine, "EXPLAIN " + all).get(0)).contains("files=3");
      assertThat(rows(engine, "EXPLAIN " + lastRound).get(0))
          .contains("files=1")
          .contains("lake_reader=duckdb");
      assertThat(rows(engine, lastRound)).containsExactly("10");
      assertThat(rows(engine, "EXPLAIN " + all + " WHERE _kafka_offset < 10").get(0))
          .contains("files=1");
    }
  }

  @Test
  void anUpsertTableAnswersWithEachKeysNewestValue() {
    String topic = topic(2);
    try (InProcessSidecar sidecar = sidecar();
        SqlEngine engine = engine(sidecar)) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3), Map.of("mode", "upsert"));
      Map<String, String> model = new TreeMap<>();
      keyed(topic, model, 0, "a", "a1", "b", "b1", "c", "c1");
      keyed(topic, model, 1, "d", "d1", "e", "e1");
      sidecar.runRound(table);
      keyed(topic, model, 0, "a", "a2", "c", null);
      keyed(topic, model, 1, "e", "e2", "f", "f1");

      String sql =
          "SELECT decode(_kafka_key), decode(_kafka_value) FROM " + table.name() + " ORDER BY 1";
      assertThat(rows(engine, sql))
          .isEqualTo(model.entrySet().stream()
              .map(e -> e.getKey() + "|" + e.getValue())
              .toList());
      assertThat(rows(
              engine,
              "SELECT decode(_kafka_value) FROM " + table.name() + " WHERE _kafka_key = 'e'::BLOB"))
          .containsExactly("e2");
      assertThat(rows(
                  engine,
                  "EXPLAIN SELECT * FROM " + table.name()
                      + " WHERE _kafka_key IN ('a'::BLOB, 'b'::BLOB)")
              .get(0))
          .contains("keys=2")
          .contains("lake_reader=mink");
    }
  }

  @Test
  void aStatementKeepsItsPointWhileARoundCommits() throws Exception {
    String topic = topic(1);
    produce(topic, 0, 0, 30);
    try (InProcessSidecar sidecar = sidecar();
        SqlEngine engine = engine(sidecar)) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      produce(topic, 0, 30, 20);
      long rows = 0;
      try (BufferAllocator allocator = RowBatch.newChildAllocator("test");
          StatementResult result = engine.execute(
              "SELECT a._kafka_offset FROM " + table.name() + " a JOIN " + table.name()
                  + " b ON a._kafka_offset = b._kafka_offset",
              allocator)) {
        produce(topic, 0, 50, 20);
        sidecar.runRound(table);
        while (result.reader().loadNextBatch()) {
          rows += result.reader().getVectorSchemaRoot().getRowCount();
        }
      }
      assertThat(rows).isEqualTo(50);
      assertThat(rows(engine, "SELECT count(*) FROM " + table.name())).containsExactly("70");
    }
  }

  private static List<String> sparkRows(SparkReader spark, String sql) {
    return spark.sql(sql).stream()
        .map(row -> row.values().stream().map(String::valueOf).collect(Collectors.joining("|")))
        .toList();
  }

  private static void keyed(String topic, Map<String, String> model, int partition, String... kv) {
    List<TestRecord> records = new ArrayList<>();
    for (int i = 0; i < kv.length; i += 2) {
      records.add(new TestRecord(
          partition,
          kv[i].getBytes(StandardCharsets.UTF_8),
          kv[i + 1] == null ? null : kv[i + 1].getBytes(StandardCharsets.UTF_8),
          List.of(),
          null));
      if (kv[i + 1] == null) {
        model.remove(kv[i]);
      } else {
        model.put(kv[i], kv[i + 1]);
      }
    }
    KAFKA.produce(topic, records);
  }

  private SqlEngine engine(InProcessSidecar sidecar) {
    return new SqlEngine(
        new SidecarTables(sidecar, Optional.empty(), Optional.of(warehouse.directory())),
        QuerySettings.defaults("kafka"));
  }

  private InProcessSidecar sidecar() {
    return new InProcessSidecar(
        KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables-" + System.nanoTime());
  }

  private static String topic(int partitions) {
    String topic = InProcessSidecar.uniqueTopic("sql");
    KAFKA.createTopic(topic, partitions);
    return topic;
  }

  /** Records whose timestamps are T0 + offset milliseconds, valued p{partition}-{offset}. */
  private static void produce(String topic, int partition, int first, int count) {
    List<TestRecord> records = new ArrayList<>();
    for (int n = first; n < first + count; n++) {
      records.add(new TestRecord(
          partition,
          null,
          ("p" + partition + "-" + n).getBytes(StandardCharsets.UTF_8),
          List.of(),
          T0 + n));
    }
    KAFKA.produce(topic, records);
  }
}
