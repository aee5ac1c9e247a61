package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.schema.KafkaColumns;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.TestRecords;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two, then three {@code mink serve} processes share four tables while records keep arriving; a random
 * instance is killed with SIGKILL at a random moment, again and again, and started again. Whatever it
 * was doing (starting, joining the group, fetching, inside a commit), every offset of every table ends
 * up as exactly one row.
 */
class ScaleOutCrashIT {
  private static final List<String> TOPICS = List.of("scale-0", "scale-1", "scale-2", "scale-3");
  private static final int PARTITIONS = 3;
  private static final int BATCH = 20;
  private static final int KILLS_WITH_TWO = 10;
  private static final int KILLS_WITH_THREE = 10;
  private static final long COMMIT_PAUSE_MILLIS = 100;
  private static final Map<String, String> ENVIRONMENT =
      Map.of("MINK_INDEXER_SESSION_TIMEOUT", "2s");
  private static final Duration CATCH_UP = Duration.ofMinutes(3);
  private static final Duration STARTUP = Duration.ofSeconds(60);
  private static final Duration PROGRESS = Duration.ofSeconds(90);
  private static final Duration MARKER_WAIT = Duration.ofSeconds(3);
  private static final String SERVING = "Mink is serving";
  /** Where a kill lands: "" a random moment, else the next line with this text. */
  private static final List<String> KILL_POINTS = List.of(
      "",
      "mink-commit-hook: swapping catalog metadata",
      "mink-commit-hook: swapped catalog metadata",
      "Took ownership partitions");

  @RegisterExtension
  static final KafkaBroker KAFKA = SharedBroker.KAFKA;

  @TempDir
  Path directory;

  private final Map<String, Integer> produced = new HashMap<>();
  private final List<SidecarProcess> started = new ArrayList<>();
  private Map<String, LakeOffsets> lastProgress = Map.of();
  private Catalog catalog;

  @Test
  void randomlyKilledInstancesNeverIndexAnOffsetTwiceOrSkipOne() throws Exception {
    Path config = writeConfig();
    for (String topic : TOPICS) {
      KAFKA.createTopic(topic, PARTITIONS);
      CommandRun add = CommandRun.of(
          directory,
          Map.of(),
          "table",
          "add",
          topic,
          "--freshness",
          "1s",
          "--config",
          config.toString());
      assertThat(add.exitCode()).as(add.err()).isZero();
    }
    long seed = System.nanoTime();
    System.out.println("scale-out crash test: random seed " + seed);
    Random random = new Random(seed);
    List<SidecarProcess> sidecars = new ArrayList<>();
    AtomicBoolean producing = new AtomicBoolean(true);
    ExecutorService producer = Executors.newSingleThreadExecutor();
    try {
      Future<?> production = producer.submit(() -> produceUntilStopped(producing));
      long started = System.nanoTime();
      sidecars.add(start(config));
      sidecars.add(start(config));
      int kills = killAtRandom(sidecars, KILLS_WITH_TWO, random, config);
      sidecars.add(start(config));
      kills += killAtRandom(sidecars, KILLS_WITH_THREE, random, config);
      assertThat(kills).isGreaterThanOrEqualTo(20);
      producing.set(false);
      production.get();
      long killed = System.nanoTime();
      awaitCaughtUp(sidecars);
      System.out.printf(
          "scale-out crash test: %d kills in %d s, caught up %d s later%n",
          kills,
          Duration.ofNanos(killed - started).toSeconds(),
          Duration.ofNanos(System.nanoTime() - killed).toSeconds());
    } finally {
      producing.set(false);
      producer.shutdownNow();
      for (SidecarProcess sidecar : sidecars) {
        sidecar.close();
      }
      writeLog();
    }
    for (String topic : TOPICS) {
      assertExactlyOneRowPerOffset(topic);
    }
  }

  /**
   * Kills a random instance of those serving, at a random point, and starts it again, {@code kills} times; returns
   * the kills. Before each kill some table makes progress, so the instances do get to commit between kills. The
   * point is a random moment, or the next time the instance is inside a commit before the catalog swap, right
   * after a swap, or taking over ownership partitions (when that does not come soon, the moment it stops waiting).
   */
  private int killAtRandom(List<SidecarProcess> sidecars, int kills, Random random, Path config)
      throws Exception {
    for (int kill = 0; kill < kills; kill++) {
      awaitProgress(sidecars);
      int victim = randomServing(sidecars, random);
      SidecarProcess sidecar = sidecars.get(victim);
      String point = KILL_POINTS.get(random.nextInt(KILL_POINTS.size()));
      boolean seen;
      if (point.isEmpty()) {
        Thread.sleep(random.nextInt(2_000));
        seen = true;
      } else {
        seen = sidecar.awaitNext(point, MARKER_WAIT);
      }
      sidecar.kill();
      System.out.printf(
          "scale-out crash test: killed sidecar %d of %d %s%n",
          victim + 1,
          sidecars.size(),
          point.isEmpty()
              ? "at a random moment"
              : (seen ? "at '" : "waiting in vain for '") + point + "'");
      Thread.sleep(random.nextInt(1_000));
      sidecars.set(victim, start(config));
    }
    return kills;
  }

  /** Waits until some table's offsets move past where they were at the last kill. */
  private void awaitProgress(List<SidecarProcess> sidecars) {
    Map<String, LakeOffsets> before = lastProgress;
    try {
      lastProgress = await()
          .atMost(PROGRESS)
          .pollInterval(Duration.ofMillis(100))
          .until(this::allOffsets, now -> !now.equals(before));
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          "No table made progress within " + PROGRESS.toSeconds() + "s; at " + allOffsets()
              + outputs(sidecars),
          e);
    }
  }

  private Map<String, LakeOffsets> allOffsets() {
    Map<String, LakeOffsets> now = new HashMap<>();
    TOPICS.forEach(topic -> now.put(topic, offsets(topic)));
    return now;
  }

  /** A random one of the instances that print they are serving, waiting for one when none does yet. */
  private static int randomServing(List<SidecarProcess> sidecars, Random random) {
    List<Integer> serving = await("a sidecar serving")
        .atMost(STARTUP)
        .pollInterval(Duration.ofMillis(50))
        .until(() -> serving(sidecars), indices -> !indices.isEmpty());
    return serving.get(random.nextInt(serving.size()));
  }

  private static List<Integer> serving(List<SidecarProcess> sidecars) {
    List<Integer> serving = new ArrayList<>();
    for (int i = 0; i < sidecars.size(); i++) {
      if (sidecars.get(i).printed(SERVING)) {
        serving.add(i);
      }
    }
    return serving;
  }

  private SidecarProcess start(Path config) throws IOException {
    SidecarProcess sidecar = CliSidecars.start(config, COMMIT_PAUSE_MILLIS, ENVIRONMENT);
    started.add(sidecar);
    return sidecar;
  }

  /** Every sidecar's output, in the order they were started, to target/scale-out-crash.log. */
  private void writeLog() throws IOException {
    StringBuilder log = new StringBuilder();
    for (int i = 0; i < started.size(); i++) {
      log.append("=== sidecar ")
          .append(i + 1)
          .append('\n')
          .append(started.get(i).output())
          .append('\n');
    }
    Files.writeString(Path.of("target", "scale-out-crash.log"), log);
  }

  private Void produceUntilStopped(AtomicBoolean producing) throws InterruptedException {
    while (producing.get()) {
      for (String topic : TOPICS) {
        int before = produced.getOrDefault(topic, 0);
        KAFKA.produce(topic, TestRecords.mixed(before, BATCH, PARTITIONS));
        produced.put(topic, before + BATCH);
      }
      Thread.sleep(100);
    }
    return null;
  }

  private void awaitCaughtUp(List<SidecarProcess> sidecars) {
    Map<String, LakeOffsets> ends = new HashMap<>();
    TOPICS.forEach(topic -> ends.put(topic, LakeOffsets.of(KAFKA.endOffsets(topic))));
    try {
      await()
          .atMost(CATCH_UP)
          .pollInterval(Duration.ofMillis(200))
          .until(() -> allOffsets().equals(ends));
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          "The tables did not reach " + ends + " within " + CATCH_UP.toSeconds() + "s; they "
              + "are at " + allOffsets() + outputs(sidecars),
          e);
    }
  }

  private static String outputs(List<SidecarProcess> sidecars) {
    StringBuilder outputs = new StringBuilder();
    for (SidecarProcess sidecar : sidecars) {
      outputs
          .append("\n--- sidecar (alive: ")
          .append(sidecar.isAlive())
          .append(")\n")
          .append(sidecar.output());
    }
    return outputs.toString();
  }

  /** Every offset below the table's committed offsets is one row, and the offsets are the topic's end offsets. */
  private void assertExactlyOneRowPerOffset(String topic) throws IOException {
    Map<Integer, Long> ends = KAFKA.endOffsets(topic);
    assertThat(offsets(topic)).isEqualTo(LakeOffsets.of(ends));
    Set<String> seen = new HashSet<>();
    try (CloseableIterable<Record> rows = IcebergGenerics.read(table(topic)).build()) {
      for (Record row : rows) {
        int partition = (Integer) row.getField(KafkaColumns.PARTITION);
        long offset = (Long) row.getField(KafkaColumns.OFFSET);
        assertThat(seen.add(partition + "@" + offset))
            .as("row %d@%d of %s is unique", partition, offset, topic)
            .isTrue();
        assertThat(offset)
            .as("row %d@%d of %s", partition, offset, topic)
            .isLessThan(ends.get(partition));
      }
    }
    long expected = ends.values().stream().mapToLong(Long::longValue).sum();
    assertThat(seen).as("rows of %s", topic).hasSize((int) expected);
    assertThat(expected).isEqualTo(produced.get(topic).longValue());
  }

  private LakeOffsets offsets(String topic) {
    return MinkSnapshot.newest(((HasTableOperations) table(topic)).operations().current())
        .map(MinkSnapshot::offsets)
        .orElse(LakeOffsets.NONE);
  }

  private Table table(String topic) {
    if (catalog == null) {
      catalog = CatalogLoader.load(LakeSettings.embedded(directory.resolve("mink-warehouse")));
    }
    return catalog.loadTable(TableIdentifier.of("kafka", topic.replace('-', '_')));
  }

  private Path writeConfig() throws IOException {
    LakeSettings lake = LakeSettings.embedded(directory.resolve("mink-warehouse"));
    return Files.writeString(directory.resolve("mink.toml"), """
        [kafka]
        bootstrap.servers = "%s"

        [lake]
        catalog = "jdbc"
        uri = "%s"
        warehouse = "%s"

        [indexer]
        poll_interval = "200ms"
        writer_threads = 1
        workers = 2
        tables_topic = "_tables_scale"
        owners_topic = "_owners_scale"
        status_topic = "_status_scale"
        group_id = "mink_scale"
        """.formatted(
            KAFKA.bootstrapServers(), lake.uri(), lake.warehouse()));
  }
}
