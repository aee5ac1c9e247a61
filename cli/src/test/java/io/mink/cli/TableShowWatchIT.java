package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** mink table show --watch while rounds backfill a table, as a sidecar's would. */
class TableShowWatchIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  @TempDir
  Path workingDirectory;

  private CliFixture mink;

  @BeforeEach
  void fixture() {
    mink = new CliFixture(KAFKA, workingDirectory);
  }

  @Test
  void watchDrawsTheBackfillPerPartitionAndEndsOnceItReachedTheEndOffsetsOfItsStart()
      throws Exception {
    String orders = backfill("orders");
    RunningCommand watch =
        mink.start("table", "show", "kafka." + orders, "--watch", "--interval", "200ms");
    watch.awaitOut("backfill towards the end offsets", TIMEOUT);
    mink.produce(orders, 0, 7);

    assertThat(mink.round("kafka." + orders).rows()).isEqualTo(107);
    CommandRun run = watch.await(TIMEOUT);

    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    List<String> lines = run.out().lines().toList();
    assertThat(lines.get(0))
        .matches("kafka\\." + orders + ": backfill towards the end offsets of \\S+Z, 0s so far");
    assertThat(lines)
        .anySatisfy(line -> assertThat(line).matches("0 +\\[-{24}\\] +0% +0 +60 +-"))
        .anySatisfy(line -> assertThat(line).matches("1 +\\[-{24}\\] +0% +0 +40 +-"))
        .anySatisfy(line -> assertThat(line).matches("0 +\\[#{24}\\] +100% +60 +60 +\\d+"))
        .anySatisfy(line -> assertThat(line).matches("all +\\[#{24}\\] +100% +100 +100 +\\d+"));
    assertThat(lines.get(lines.size() - 1))
        .matches("kafka\\." + orders + " reached the end offsets it started "
            + "towards: 100 rows in \\S+ \\(\\d+ rows/s\\)");
    assertThat(run.out()).doesNotContain("\u001b[");
  }

  @Test
  void watchRedrawsInPlaceOnATerminalAndPrintsJsonLinesForScripts() throws Exception {
    String orders = backfill("orders");
    RunningCommand terminal = RunningCommand.start(
        workingDirectory,
        mink.variables(),
        true,
        "table",
        "show",
        "kafka." + orders,
        "--watch",
        "--interval",
        "200ms");
    RunningCommand json = mink.start(
        "table", "show", "kafka." + orders, "--watch", "--interval", "200ms", "--output", "json");
    terminal.awaitOut("backfill towards", TIMEOUT);
    json.awaitOut("\"complete\":false", TIMEOUT);
    Thread.sleep(500);

    mink.round("kafka." + orders);

    String drawn = terminal.await(TIMEOUT).out();
    assertThat(drawn).contains("\u001b[5F\u001b[J").endsWith("rows/s)\n");
    List<JsonNode> objects =
        json.await(TIMEOUT).out().lines().map(CliFixture::json).toList();
    assertThat(objects.get(0).get("complete").asBoolean()).isFalse();
    assertThat(objects.get(0).get("rowsLeft").asLong()).isEqualTo(100);
    assertThat(objects.get(objects.size() - 1).get("complete").asBoolean()).isTrue();
    assertThat(objects.get(objects.size() - 1).get("partitions")).hasSize(2);
  }

  @Test
  void watchEndsWithAConflictWhenTheTableLeavesTheIndexingState() throws Exception {
    String orders = backfill("orders");
    RunningCommand watch =
        mink.start("table", "show", "kafka." + orders, "--watch", "--interval", "200ms");
    watch.awaitOut("backfill towards", TIMEOUT);

    try (KafkaTableStore store = mink.store()) {
      TableDescriptor current = store.find("kafka." + orders).orElseThrow();
      store.replace(
          current,
          current.withLifecycle(new Lifecycle(
              LifecycleState.MISSING,
              Instant.now(),
              "topic " + orders + " no longer exists in Kafka")));
    }
    CommandRun run = watch.await(TIMEOUT);

    assertThat(run.exitCode()).isEqualTo(ExitCode.CONFLICT.code());
    assertThat(run.err())
        .matches("Error: Table kafka\\." + orders
            + " is not indexing: missing since (now|\\d+s ago) " + "\\(\\S+\\): topic " + orders
            + " no longer exists in Kafka; indexing goes on when the topic is back\n");
  }

  /** A table of a two-partition topic with 60 and 40 records that no round has indexed yet. */
  private String backfill(String prefix) {
    String topic = mink.topic(prefix, 2);
    assertThat(mink.run("table", "add", topic).exitCode()).isZero();
    mink.produce(topic, 0, 60);
    mink.produce(topic, 1, 40);
    return topic;
  }
}
