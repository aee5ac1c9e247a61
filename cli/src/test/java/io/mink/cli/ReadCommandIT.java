package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** mink read against a real broker and the embedded lake: the union, its outputs, its read point and its errors. */
class ReadCommandIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @TempDir
  Path workingDirectory;

  private CliFixture mink;

  @BeforeEach
  void fixture() {
    mink = new CliFixture(KAFKA, workingDirectory);
  }

  @Test
  void readPrintsTheLakeRowsThenTheTailAndAReadPointThatRepeatsIt() {
    String topic = mink.topic("orders", 2);
    mink.produce(topic, 0, 3);
    mink.produce(topic, 1, 2);
    assertThat(mink.run("table", "add", topic).exitCode()).isZero();
    mink.round("kafka." + topic);
    mink.produce(topic, 0, 2);

    CommandRun read =
        mink.run("read", "kafka." + topic, "--columns", "_kafka_partition,_kafka_offset");

    assertThat(read.exitCode()).as(read.err()).isZero();
    assertThat(read.out()).isEqualTo("""
        _kafka_partition  _kafka_offset
        0                 0
        0                 1
        0                 2
        0                 3
        0                 4
        1                 0
        1                 1
        7 rows
        """);
    long snapshot = mink.icebergTable("kafka." + topic).currentSnapshot().snapshotId();
    String token = "v1:s=" + snapshot + ":0=3-5,1=2-2";
    assertThat(read.err())
        .isEqualTo("7 rows, 2 lake files, 2 Kafka records\n" + "Read point: " + token
            + " (--at repeats this read)\n");

    mink.produce(topic, 0, 4);
    mink.round("kafka." + topic);
    CommandRun again =
        mink.run("read", topic, "--columns", "_kafka_partition,_kafka_offset", "--at", token);
    CommandRun now = mink.run(
        "read", topic, "--output", "csv", "--columns", "_kafka_offset", "--partitions", "0");

    assertThat(again.out()).isEqualTo(read.out());
    assertThat(now.out()).startsWith("_kafka_offset\r\n0\r\n1\r\n").endsWith("8\r\n");
  }

  @Test
  void anUpsertTableReadsOneRowPerKeyWithTheTailMergedOverTheLake() {
    String topic = mink.topic("accounts", 1);
    KAFKA.produce(topic, List.of(keyed("a", "a1"), keyed("b", "b1"), keyed("c", "c1")));
    assertThat(mink.run("table", "add", topic, "--mode", "upsert").exitCode()).isZero();
    mink.round("kafka." + topic);
    KAFKA.produce(
        topic,
        List.of(
            keyed("a", "a2"),
            keyed("b", null),
            keyed(null, "x"),
            keyed("d", "d1"),
            keyed("d", "d2")));

    CommandRun union = mink.run("read", topic, "--output", "json");
    CommandRun offsets = mink.run("read", topic, "--output", "csv", "--columns", "_kafka_offset");
    CommandRun lake =
        mink.run("read", topic, "--mode", "lake", "--output", "csv", "--columns", "_kafka_offset");
    CommandRun log =
        mink.run("read", topic, "--mode", "log", "--output", "csv", "--columns", "_kafka_offset");

    assertThat(union.exitCode()).as(union.err()).isZero();
    assertThat(union.out().lines().map(CliFixture::json).toList())
        .extracting(row -> text(row.get("_kafka_key")) + "=" + text(row.get("_kafka_value")))
        .containsExactly("c=c1", "a=a2", "d=d2");
    assertThat(union.err()).startsWith("3 rows, 1 lake file, 5 Kafka records\n");
    assertThat(offsets.out()).isEqualTo("_kafka_offset\r\n2\r\n3\r\n7\r\n");
    assertThat(lake.out()).isEqualTo("_kafka_offset\r\n0\r\n1\r\n2\r\n");
    assertThat(log.out().lines()).hasSize(1 + 8);
  }

  private static TestRecord keyed(String key, String value) {
    return new TestRecord(
        0,
        key == null ? null : key.getBytes(StandardCharsets.UTF_8),
        value == null ? null : value.getBytes(StandardCharsets.UTF_8),
        List.of(),
        null);
  }

  private static String text(JsonNode base64) {
    return new String(
        java.util.Base64.getDecoder().decode(base64.asText()), StandardCharsets.UTF_8);
  }

  @Test
  void jsonLinesCarryTheColumnsByNameAndTheFilterAppliesToLakeAndTail() {
    String topic = mink.topic("events", 1);
    mink.produce(topic, 0, 5);
    assertThat(mink.run("table", "add", topic).exitCode()).isZero();
    mink.round("kafka." + topic);
    mink.produce(topic, 0, 5);

    CommandRun read = mink.run(
        "read",
        topic,
        "--output",
        "json",
        "--columns",
        "_kafka_offset,_kafka_value",
        "--where",
        "_kafka_offset IN (1, 4, 7) OR _kafka_offset > 8");

    assertThat(read.exitCode()).as(read.err()).isZero();
    List<JsonNode> rows = read.out().lines().map(CliFixture::json).toList();
    assertThat(rows)
        .extracting(row -> row.get("_kafka_offset").asLong())
        .containsExactly(1L, 4L, 7L, 9L);
    assertThat(rows.get(0).get("_kafka_value").asText())
        .isEqualTo(java.util.Base64.getEncoder()
            .encodeToString("record 1".getBytes(StandardCharsets.UTF_8)));
    assertThat(rows.get(0).fieldNames())
        .toIterable()
        .containsExactly("_kafka_offset", "_kafka_value");
  }

  @Test
  void arrowOutputIsAnIpcStreamCarryingTheReadPoint() throws Exception {
    String topic = mink.topic("metrics", 1);
    mink.produce(topic, 0, 3);
    assertThat(mink.run("table", "add", topic).exitCode()).isZero();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StringWriter err = new StringWriter();
    Environment environment = new Environment(
        mink.variables(),
        workingDirectory,
        new PrintWriter(new StringWriter()),
        new PrintWriter(err, true),
        false,
        bytes,
        false);

    int code = Main.run(
        new String[] {"read", topic, "--output", "arrow", "--columns", "_kafka_offset"},
        environment);

    assertThat(code).as(err.toString()).isZero();
    try (RootAllocator allocator = new RootAllocator();
        ArrowStreamReader reader =
            new ArrowStreamReader(new ByteArrayInputStream(bytes.toByteArray()), allocator)) {
      assertThat(reader.getVectorSchemaRoot().getSchema().getCustomMetadata())
          .containsEntry("mink.read.point", "v1:s=none:0=0-3")
          .containsEntry("mink.table", "kafka." + topic);
      assertThat(reader.loadNextBatch()).isTrue();
      BigIntVector offsets = (BigIntVector) reader.getVectorSchemaRoot().getVector("_kafka_offset");
      assertThat(List.of(offsets.get(0), offsets.get(1), offsets.get(2)))
          .containsExactly(0L, 1L, 2L);
    }
  }

  @Test
  void aReplacedTableIsReadFromItsLakeOnly() {
    String topic = mink.topic("replaced", 1);
    mink.produce(topic, 0, 2);
    assertThat(mink.run("table", "add", topic).exitCode()).isZero();
    mink.round("kafka." + topic);
    try (KafkaTableStore store = mink.store()) {
      TableDescriptor current = store.find("kafka." + topic).orElseThrow();
      Instant since = Instant.parse("2026-12-01T10:00:00Z");
      assertThat(store.replace(
              current,
              current.withLifecycle(new Lifecycle(
                  LifecycleState.REPLACED,
                  since,
                  "topic " + topic + " was deleted and created again"))))
          .isTrue();
    }

    CommandRun union = mink.run("read", topic);
    CommandRun lake =
        mink.run("read", topic, "--mode", "lake", "--output", "csv", "--columns", "_kafka_offset");

    assertThat(union.exitCode()).isEqualTo(4);
    assertThat(union.err())
        .isEqualTo("Error: Table kafka." + topic + " is replaced since 2026-12-01T10:00:00Z (topic "
            + topic
            + " was deleted and created again), so its topic has no tail to read after the lake: read what the "
            + "lake holds with --mode lake\n");
    assertThat(lake.exitCode()).as(lake.err()).isZero();
    assertThat(lake.out()).isEqualTo("_kafka_offset\r\n0\r\n1\r\n");
  }

  @Test
  void mistakesAreOneLineWithTheExitCodeOfTheirKind() {
    String topic = mink.topic("audit", 1);
    assertThat(mink.run("table", "add", topic).exitCode()).isZero();

    CommandRun unknownTable = mink.run("read", "kafka.nothing_here");
    CommandRun badWhere = mink.run("read", topic, "--where", "_kafka_offset >");
    CommandRun badColumn = mink.run("read", topic, "--where", "amount > 3");
    CommandRun badToken = mink.run("read", topic, "--at", "yesterday");
    CommandRun badMode = mink.run("read", topic, "--mode", "fresh");

    assertThat(unknownTable.exitCode()).isEqualTo(4);
    assertThat(unknownTable.err()).startsWith("Error: Table kafka.nothing_here is not added");
    assertThat(badWhere.exitCode()).isEqualTo(2);
    assertThat(badWhere.err())
        .isEqualTo(
            "Error: Cannot parse --where at position 16 (end of input): expected a value (a number, a "
                + "'string', TRUE or FALSE)\n");
    assertThat(badColumn.exitCode()).isEqualTo(2);
    assertThat(badColumn.err())
        .startsWith("Error: Column \"amount\" in --where is not a column of the table");
    assertThat(badToken.exitCode()).isEqualTo(2);
    assertThat(badToken.err()).startsWith("Error: Invalid read point \"yesterday\"");
    assertThat(badMode.exitCode()).isEqualTo(2);
    assertThat(badMode.err()).contains("--mode").contains("union, lake, log");
  }
}
