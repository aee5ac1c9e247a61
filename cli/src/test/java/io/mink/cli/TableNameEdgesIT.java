package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.cli.query.QueryConsole;
import io.mink.cli.query.QueryMain;
import io.mink.lake.catalog.LakeSettings;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Table names at the edges: SQL reserved words are names like any other, read by mink read as they are, by
 * mink-query in double quotes and by Spark in backquotes; names with letters beyond ASCII are refused before anything is created, since engines
 * and catalogs (Hive, Glue) do not all take them.
 */
class TableNameEdgesIT {
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
  void reservedWordsAreTableNamesReadByMinkReadAndQuotedInMinkQuery() {
    String topic = mink.topic("reserved", 1);
    mink.produce(topic, 0, 3);

    CommandRun add = mink.run("table", "add", topic, "--namespace", "order", "--name", "select");
    assertThat(add.exitCode()).as(add.err()).isZero();
    mink.round("order.select");
    mink.produce(topic, 0, 2);

    CommandRun read =
        mink.run("read", "order.select", "--output", "csv", "--columns", "_kafka_offset");
    assertThat(read.exitCode()).as(read.err()).isZero();
    assertThat(read.out().replace("\r\n", "\n")).isEqualTo("_kafka_offset\n0\n1\n2\n3\n4\n");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = QueryMain.run(
        new String[] {
          "exec", "--format", "csv", "-e", "SELECT count(*) AS n FROM \"order\".\"select\""
        },
        new QueryConsole(
            new Environment(
                mink.variables(),
                workingDirectory,
                new PrintWriter(out, true),
                new PrintWriter(err, true)),
            new ByteArrayInputStream(new byte[0]),
            false));
    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString().replace("\r\n", "\n")).startsWith("n\n5\n");
    try (SparkReader spark = SparkReader.start(
        LakeSettings.embedded(workingDirectory.resolve(LakeSettings.EMBEDDED_DIRECTORY)))) {
      assertThat(spark.sql("SELECT count(*) AS n FROM mink.`order`.`select`"))
          .extracting(row -> ((Number) row.get("n")).longValue())
          .containsExactly(3L);
    }
  }

  @Test
  void aNameBeyondAsciiIsRefusedSayingWhatToUse() {
    String topic = mink.topic("unicode", 1);

    CommandRun add = mink.run("table", "add", topic, "--name", "注文");

    assertThat(add.exitCode()).isEqualTo(2);
    assertThat(add.err())
        .isEqualTo(
            "Error: Invalid table name '注文': use ASCII letters, digits and '_', starting with a"
                + " letter or '_'\n");
    assertThat(mink.run("table", "list", "--output", "json").out()).doesNotContain("注文");
  }
}
