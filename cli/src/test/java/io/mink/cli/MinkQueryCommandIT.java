package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.cli.query.QueryConsole;
import io.mink.cli.query.QueryMain;
import io.mink.testkit.KafkaBroker;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * mink-query exec and shell against a real broker and the embedded lake: a table with a tiered round and a Kafka
 * tail after it, each statement reading both, in every output format, and the exit codes of its failures.
 */
class MinkQueryCommandIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final String SUMMARY = "\\d+ rows? in \\d+\\.\\d\\d s\n";

  @TempDir
  Path workingDirectory;

  private CliFixture mink;
  private String table;

  @BeforeEach
  void tableWithLakeRowsAndATail() {
    mink = new CliFixture(KAFKA, workingDirectory);
    String topic = mink.topic("orders", 2);
    mink.produce(topic, 0, 3);
    mink.produce(topic, 1, 2);
    assertThat(mink.run("table", "add", topic).exitCode()).isZero();
    table = "kafka." + topic;
    mink.round(table);
    mink.produce(topic, 0, 2);
  }

  @Test
  void execCountsTheLakeRowsAndTheTail() {
    Run run = exec("", "exec", "-e", "SELECT count(*) AS records FROM " + table);

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("records\n7\n");
    assertThat(run.err()).matches(SUMMARY).startsWith("1 row in ");
  }

  @Test
  void unqualifiedNamesResolveInTheIndexersNamespace() {
    String name = table.substring("kafka.".length());

    Run run = exec("", "exec", "-e", "SELECT count(*) AS records FROM " + name);

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("records\n7\n");
  }

  @Test
  void statementsRunInOrderAndEachPrintsItsSummary() {
    Run run = exec(
        "",
        "exec",
        "--format",
        "csv",
        "-e",
        "SELECT _kafka_partition, count(*) AS records FROM " + table
            + " GROUP BY 1 ORDER BY 1; -- per partition; then a literal\nSELECT 'a;b' AS s");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("_kafka_partition,records\r\n0,5\r\n1,2\r\ns\r\na;b\r\n");
    assertThat(run.err()).matches(SUMMARY + SUMMARY);
  }

  @Test
  void jsonWritesBinaryValuesInBase64() {
    Run run = exec(
        "",
        "exec",
        "--format",
        "json",
        "-e",
        "SELECT _kafka_offset, _kafka_value FROM " + table
            + " WHERE _kafka_partition = 1 ORDER BY _kafka_offset");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("""
        {"_kafka_offset":0,"_kafka_value":"cmVjb3JkIDA="}
        {"_kafka_offset":1,"_kafka_value":"cmVjb3JkIDE="}
        """);
  }

  @Test
  void execReadsStatementsFromStdin() {
    Run run = exec("SELECT max(_kafka_offset) AS last FROM " + table + ";\n", "exec");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("last\n4\n");
  }

  @Test
  void shellWithoutATerminalRunsTheStatementsOnStdin() {
    Run run = exec("SELECT 1 AS one;\nSELECT count(*) AS n\n  FROM " + table + ";\n", "shell");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("one\n1\nn\n7\n");
  }

  @Test
  void badSqlIsExitCode2AndStopsTheRun() {
    Run run = exec("", "exec", "-e", "SELECT 1 AS one; SELEC 2; SELECT 3");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEqualTo("one\n1\n");
    assertThat(run.err()).matches(SUMMARY + "Error: [^\n]+\n");
  }

  @Test
  void unknownTableIsExitCode4() {
    Run run = exec("", "exec", "-e", "SELECT * FROM kafka.no_such_table");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(4);
    assertThat(run.err()).startsWith("Error: ").contains("no_such_table").doesNotContain("\tat ");
  }

  @Test
  void unreachableKafkaIsExitCode5() {
    Run run =
        run(Map.of("MINK_KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:1"), "", "exec", "-e", "SELECT 1");

    assertThat(run.exitCode()).isEqualTo(5);
    assertThat(run.err())
        .isEqualTo("Error: Cannot reach Kafka at 127.0.0.1:1 (no answer within 15s): check "
            + "bootstrap.servers in [kafka] (or --bootstrap) and that the brokers are up\n");
  }

  private Run exec(String stdin, String... args) {
    return run(mink.variables(), stdin, args);
  }

  private Run run(Map<String, String> variables, String stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Environment environment = new Environment(
        variables, workingDirectory, new PrintWriter(out, true), new PrintWriter(err, true));
    QueryConsole console = new QueryConsole(
        environment, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), false);
    int code = QueryMain.run(args, console);
    return new Run(code, out.toString(), err.toString());
  }

  private record Run(int exitCode, String out, String err) {}
}
