package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.cli.query.QueryConsole;
import io.mink.cli.query.QueryMain;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.security.SecuredListeners;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mink on Kafka with SASL_SSL (SCRAM-SHA-512 over TLS) and ACLs on, as {@code User:mink}, which is no super user and
 * holds exactly the ACLs docs/operations.md lists: {@code mink serve} indexes and every command works.
 */
class SecuredKafkaIT {
  static final String[] COMMANDS = {
    "mink serve",
    "mink table add",
    "mink table list",
    "mink table show",
    "mink table alter",
    "mink table remove",
    "mink table resume",
    "mink read",
    "mink cluster stats",
    "mink-query exec"
  };
  private static final Duration TIMEOUT = Duration.ofSeconds(90);

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker(SecuredListeners.saslSsl());

  @TempDir
  Path directory;

  @Test
  void serveAndEveryCommandWorkWithTheDocumentedAclsAloneAndATableMinkMayNotReadSaysSo()
      throws Exception {
    SecuredMink mink = new SecuredMink(KAFKA, directory);
    String topic = mink.topic("orders", 2);
    String table = "kafka." + topic;
    mink.produce(topic, 2, 40);
    String hidden = mink.topic("hidden", 1);
    mink.produce(hidden, 1, 3);
    mink.grant(mink.acls(List.of(topic), COMMANDS));
    mink.grant(mink.acls(List.of(hidden), "mink table add"));
    assertThat(mink.run("table", "add", hidden, "--freshness", "1s").exitCode()).isZero();

    CommandRun add = mink.run("table", "add", topic, "--freshness", "1s");
    assertThat(add.exitCode()).as(add.err()).isZero();

    try (SidecarProcess sidecar = mink.serve()) {
      Awaitility.await("40 rows of " + table + " in the lake")
          .atMost(TIMEOUT)
          .pollInterval(Duration.ofMillis(300))
          .until(() -> {
            sidecar.checkRunning();
            return mink.lakeRows(table) == 40;
          });

      sidecar.await("Kafka denied mink serve access to topic " + hidden, TIMEOUT);
      assertThat(mink.lakeRows("kafka." + hidden)).isZero();
      Awaitility.await("cluster stats showing the denied round of " + hidden)
          .atMost(TIMEOUT)
          .pollInterval(Duration.ofMillis(500))
          .untilAsserted(() -> assertSucceeds(
              mink.run("cluster", "stats"), "Kafka denied mink serve access to topic " + hidden));

      assertSucceeds(mink.run("table", "list"), table);
      assertSucceeds(mink.run("table", "show", table), table);
      assertSucceeds(mink.run("table", "alter", table, "--freshness", "2s"), table);
      assertSucceeds(mink.run("table", "resume", table), table);
      assertSucceeds(
          mink.run("read", table, "--output", "csv", "--columns", "_kafka_offset"), "19");
      assertSucceeds(mink.run("cluster", "stats"), table);
      assertSucceeds(query(mink, "SELECT count(*) AS n FROM " + table), "40");
      assertSucceeds(
          mink.run("table", "remove", table, "--yes", "--wait=60s"), "Removed table " + table);
      assertThat(mink.inLake(table)).isFalse();
      sidecar.checkRunning();
    }
  }

  private static void assertSucceeds(CommandRun run, String expected) {
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains(expected);
  }

  static CommandRun query(SecuredMink mink, String sql) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Environment environment = new Environment(
        Map.of(),
        mink.config().getParent(),
        new PrintWriter(out, true),
        new PrintWriter(err, true));
    QueryConsole console =
        new QueryConsole(environment, new ByteArrayInputStream(new byte[0]), false);
    int code = QueryMain.run(
        new String[] {"exec", "-e", sql, "--config", mink.config().toString()}, console);
    return new CommandRun(code, out.toString(), err.toString());
  }
}
