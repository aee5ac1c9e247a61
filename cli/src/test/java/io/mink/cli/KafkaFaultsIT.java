package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.TestRecords;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults of Kafka and of the local warehouse while the sidecar tiers and while {@code mink table add} runs: the
 * broker restarted inside a commit and in the middle of a round, the tables topic offline and the broker gone
 * while a table is added, the warehouse directory read-only. Each is waited out or fails cleanly, and every
 * offset ends up as exactly one row.
 */
class KafkaFaultsIT {
  private static final Duration BROKER_DOWN = Duration.ofSeconds(10);
  private static final Duration TABLES_TOPIC_DOWN = Duration.ofSeconds(10);
  private static final Duration WAREHOUSE_READ_ONLY = Duration.ofSeconds(20);
  private static final Duration CATCH_UP = Duration.ofSeconds(90);
  private static final Duration MARKER_WAIT = Duration.ofSeconds(60);
  private static final long COMMIT_PAUSE_MILLIS = 300;
  private static final int PARTITIONS = 3;
  private static final int BATCH = 30;
  private static final String TABLES_TOPIC = "_mink_tables_tables_topic";
  private static final String SWAPPING = "mink-commit-hook: swapping catalog metadata";

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @TempDir
  Path directory;

  @Test
  void brokerRestartsInsideACommitAndInTheMiddleOfARoundAreWaitedOut() throws Exception {
    LakeSettings lake = LakeSettings.embedded(directory.resolve("restart-warehouse"));
    try (FaultRun run =
        new FaultRun(KAFKA, directory, "broker_restart", FaultRun.localLake(lake), lake, "")) {
      run.addTable(PARTITIONS);
      SidecarProcess sidecar = run.startSidecar(COMMIT_PAUSE_MILLIS);
      run.produce(batch -> TestRecords.mixed(batch, BATCH, PARTITIONS));
      run.awaitCommit();

      assertThat(sidecar.awaitNext(SWAPPING, MARKER_WAIT)).as("a commit began").isTrue();
      restartBroker();
      run.awaitCommit();
      Thread.sleep(new Random().nextInt(1_000));
      restartBroker();
      run.awaitCommit();

      long rows = run.awaitExactlyOneRowPerOffset(CATCH_UP);
      sidecar.checkRunning();
      assertThat(sidecar.output()).doesNotContain("is stopped");
      System.out.println("kafka faults: 2 broker restarts, " + rows + " rows, one per offset ("
          + run.produced() + ")");
    }
  }

  @Test
  void aTableAddedWhileTheTablesTopicIsOfflineWaitsItOut() throws Exception {
    LakeSettings lake = LakeSettings.embedded(directory.resolve("tables-warehouse"));
    try (KafkaBroker twoBrokers = new KafkaBroker(Map.of(), 2).start();
        FaultRun run = new FaultRun(
            twoBrokers, directory, "tables_topic", FaultRun.localLake(lake), lake, "")) {
      Admin admin = twoBrokers.admin();
      admin
          .createTopics(List.of(
              new NewTopic(run.topic(), Map.of(0, List.of(0), 1, List.of(0), 2, List.of(0))),
              new NewTopic(TABLES_TOPIC, Map.of(0, List.of(1)))
                  .configs(Map.of("cleanup.policy", "compact"))))
          .all()
          .get(30, TimeUnit.SECONDS);
      run.produce(batch -> TestRecords.mixed(batch, BATCH, PARTITIONS));

      twoBrokers.stopServing(1);
      CompletableFuture<CommandRun> adding = CompletableFuture.supplyAsync(run::addTable);
      Thread.sleep(TABLES_TOPIC_DOWN.toMillis());
      assertThat(adding.isDone())
          .as("table add waits while the tables topic has no leader")
          .isFalse();
      twoBrokers.startAgain(1);
      CommandRun added = adding.get(120, TimeUnit.SECONDS);
      boolean recorded = run.run("table", "list").out().contains("kafka." + run.topic());
      boolean created =
          CatalogLoader.load(lake).tableExists(TableIdentifier.of("kafka", run.topic()));
      assertThat(List.of(recorded, created))
          .as("the table is both recorded and created, or neither: %s", added)
          .containsOnly(added.exitCode() == 0);
      if (added.exitCode() != 0) {
        assertThat(added.err()).contains(TABLES_TOPIC);
        assertThat(run.addTable().exitCode()).isZero();
      }

      SidecarProcess sidecar = run.startSidecar(0);
      run.awaitCommit();
      long rows = run.awaitExactlyOneRowPerOffset(CATCH_UP);
      assertThat(sidecar.output()).doesNotContain("is stopped");
      System.out.println("kafka faults: table add while the tables topic was offline "
          + TABLES_TOPIC_DOWN.toSeconds() + " s "
          + (added.exitCode() == 0 ? "waited it out" : "failed cleanly")
          + "; " + rows + " rows, one per offset");
    }
  }

  @Test
  void aTableAddedWhileKafkaIsGoneFailsAndLeavesNothing() throws Exception {
    LakeSettings lake = LakeSettings.embedded(directory.resolve("gone-warehouse"));
    try (FaultRun run =
        new FaultRun(KAFKA, directory, "kafka_gone", FaultRun.localLake(lake), lake, "")) {
      KAFKA.createTopic(run.topic(), 1);
      KAFKA.stopServing();
      CommandRun whileGone;
      try {
        whileGone = run.addTable();
      } finally {
        KAFKA.startAgain();
      }

      assertThat(whileGone.exitCode()).as(whileGone.out()).isEqualTo(ExitCode.UNAVAILABLE.code());
      assertThat(whileGone.err()).contains("Kafka");
      assertThat(CatalogLoader.load(lake).tableExists(TableIdentifier.of("kafka", run.topic())))
          .isFalse();
      assertThat(run.run("table", "list", "--all").out()).doesNotContain("kafka." + run.topic());
      System.out.println("kafka faults: table add without Kafka: exit " + whileGone.exitCode()
          + ", " + whileGone.err().strip());
    }
  }

  /** The directories only need to stay read-only while the sidecar runs into them. */
  @SuppressWarnings("try")
  @Test
  void aReadOnlyWarehouseIsWaitedOut() throws Exception {
    Path warehouse = directory.resolve("read-only-warehouse");
    LakeSettings lake = LakeSettings.embedded(warehouse);
    try (FaultRun run =
        new FaultRun(KAFKA, directory, "read_only", FaultRun.localLake(lake), lake, "")) {
      run.addTable(PARTITIONS);
      SidecarProcess sidecar = run.startSidecar(0);
      run.produce(batch -> TestRecords.mixed(batch, BATCH, PARTITIONS));
      run.awaitCommit();

      try (ReadOnlyDirectories readOnly = ReadOnlyDirectories.of(warehouse)) {
        await("a round to fail on the read-only warehouse")
            .atMost(WAREHOUSE_READ_ONLY)
            .until(() -> sidecar.printed("Round of kafka.read_only failed ("));
        Thread.sleep(WAREHOUSE_READ_ONLY.toMillis());
      }
      run.awaitCommit();

      long rows = run.awaitExactlyOneRowPerOffset(CATCH_UP);
      sidecar.checkRunning();
      assertThat(sidecar.output()).doesNotContain("is stopped");
      System.out.println("kafka faults: warehouse read-only for " + WAREHOUSE_READ_ONLY.toSeconds()
          + " s, " + rows + " rows, one per offset (" + run.produced() + ")");
    }
  }

  private static void restartBroker() throws InterruptedException {
    KAFKA.stopServing();
    Thread.sleep(BROKER_DOWN.toMillis());
    KAFKA.startAgain();
  }
}
