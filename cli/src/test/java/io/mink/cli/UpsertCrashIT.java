package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mink.indexer.testing.UpsertModel;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.SparkReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableUtil;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * An upsert table while a producer walks a small key space at random (new keys, updates, tombstones, records
 * without a key) and {@code mink serve} is killed with SIGKILL at random moments: at any time, inside a commit
 * before and right after the catalog swap, and right after it read a partition's key index from the lake; each
 * time it is started again and rebuilds its key index. Then a second instance shares the table and the kills go
 * on, so the table moves between them. Every snapshot the table ever had holds exactly the newest record of each
 * live key below its offsets, each key once, through deletion vectors (format 3) or position deletes (format 2)
 * and files rewritten once their deleted rows reach the table's fraction, never an equality delete ({@link UpsertSnapshots}); the records without a key are counted once; and once the
 * producer stops and the table catches up, Spark reads the same rows.
 */
class UpsertCrashIT {
  private static final int PARTITIONS = 3;
  private static final int KEY_SPACE = 400;
  private static final int BATCH = 25;
  private static final long PRODUCE_PAUSE_MILLIS = 100;
  private static final int MOST_ROUNDS_BETWEEN_KILLS = 3;
  private static final long COMMIT_PAUSE_MILLIS = 200;
  private static final long CHECK_PAUSE_MILLIS = 200;
  private static final Map<String, String> ENVIRONMENT =
      Map.of("MINK_INDEXER_SESSION_TIMEOUT", "2s");
  private static final Duration STARTUP = Duration.ofSeconds(60);
  private static final Duration PROGRESS = Duration.ofSeconds(60);
  private static final Duration CATCH_UP = Duration.ofSeconds(90);
  private static final Duration MARKER_WAIT = Duration.ofSeconds(10);
  private static final Duration MARKER_POLL = Duration.ofMillis(20);
  private static final String SERVING = "Mink is serving";
  private static final String KEY_INDEX = "Key index of";
  /** Where a kill lands: "" a random moment, else the next line with this text. */
  private static final List<String> KILL_POINTS = List.of(
      "",
      "mink-commit-hook: swapping catalog metadata",
      "mink-commit-hook: swapped catalog metadata",
      KEY_INDEX);
  /** Where a kill lands while two instances share the table: also as one takes ownership partitions. */
  private static final List<String> SHARED_KILL_POINTS = List.of(
      "",
      "mink-commit-hook: swapping catalog metadata",
      "mink-commit-hook: swapped catalog metadata",
      KEY_INDEX,
      "Took ownership partitions");

  @RegisterExtension
  static final KafkaBroker KAFKA = SharedBroker.KAFKA;

  @TempDir
  Path directory;

  private final List<SidecarProcess> started = new ArrayList<>();
  private int roundsSoFar;
  private Catalog catalog;

  @Test
  void formatThreeTableHoldsTheModelInEverySnapshotThroughKills() throws Exception {
    runWalk(3, 4, List.of());
  }

  @Test
  void formatTwoTableHoldsTheModelInEverySnapshotThroughKills() throws Exception {
    runWalk(2, 2, List.of("--option", "iceberg.format-version=2"));
  }

  /**
   * Runs the walk with {@code killsEach} kills of a lone sidecar, then as many of the owner of two.
   */
  private void runWalk(int formatVersion, int killsEach, List<String> options) throws Exception {
    String topic = "upserts_v" + formatVersion;
    KAFKA.createTopic(topic, PARTITIONS);
    Path config = writeConfig(formatVersion);
    List<String> add = new ArrayList<>(List.of(
        "table",
        "add",
        topic,
        "--mode",
        "upsert",
        "--freshness",
        "2s",
        "--config",
        config.toString()));
    add.addAll(options);
    CommandRun added = CommandRun.of(directory, Map.of(), add.toArray(String[]::new));
    assertThat(added.exitCode()).as(added.err()).isZero();
    TableIdentifier name = TableIdentifier.of("kafka", topic);
    assertThat(TableUtil.formatVersion(table(name))).isEqualTo(formatVersion);

    long seed = System.nanoTime();
    System.out.printf("upsert crash test, format %d: random seed %d%n", formatVersion, seed);
    Random random = new Random(seed);
    UpsertWalk walk = new UpsertWalk(KAFKA, topic, KEY_SPACE, new Random(random.nextLong()));
    Catalog checkerCatalog = catalog();
    UpsertSnapshots snapshots =
        new UpsertSnapshots(() -> checkerCatalog.loadTable(name), walk, formatVersion);
    List<SidecarProcess> sidecars = new ArrayList<>();
    AtomicBoolean running = new AtomicBoolean(true);
    ExecutorService threads = Executors.newFixedThreadPool(2);
    int kills;
    try {
      Future<?> production = threads.submit(() -> walkUntilStopped(walk, running));
      Future<?> checking = threads.submit(() -> checkUntilStopped(snapshots, running));
      long began = System.nanoTime();
      sidecars.add(start(config));
      kills = killAtRandom(sidecars, killsEach, KILL_POINTS, random, config, name, checking);
      sidecars.add(start(config));
      kills +=
          killAtRandom(sidecars, killsEach, SHARED_KILL_POINTS, random, config, name, checking);
      running.set(false);
      production.get();
      checking.get();
      long killed = System.nanoTime();
      LakeOffsets end = awaitCaughtUp(sidecars, topic, name);
      snapshots.checkNew();
      System.out.printf(
          "upsert crash test, format %d: %d kills in %d s, caught up %d s later at %s; %d records,"
              + " %d snapshots checked, %d live rows and %d delete files read in them, %d data files"
              + " rewritten%n",
          formatVersion,
          kills,
          Duration.ofNanos(killed - began).toSeconds(),
          Duration.ofNanos(System.nanoTime() - killed).toSeconds(),
          end,
          walk.records(),
          snapshots.snapshots(),
          snapshots.rows(),
          snapshots.deleteFiles(),
          snapshots.rewrittenFiles());
    } finally {
      running.set(false);
      threads.shutdownNow();
      for (SidecarProcess sidecar : sidecars) {
        sidecar.close();
      }
      writeLog(formatVersion);
    }
    assertThat(kills).isEqualTo(2 * killsEach);
    assertThat(snapshots.deleteFiles() + snapshots.rewrittenFiles())
        .as("delete files read and data files rewritten")
        .isPositive();
    assertThat(snapshots.nullKeys()).as("records without a key counted").isEqualTo(walk.nullKeys());
    assertSparkReadsTheModel(walk, name);
  }

  /**
   * Kills an instance of those serving, at a random point, and starts it again, {@code kills} times; returns the
   * kills. Before each kill the table commits one to {@value #MOST_ROUNDS_BETWEEN_KILLS} rounds, except before a
   * kill as the key index is read, which comes in the first round of the instance that took the table over (and
   * never twice in a row, so the table does not stand still). At a
   * marker the instance that prints it is killed (the table's owner, except for ownership partitions); at a random
   * moment a random instance, and after a marker that does not come soon, the moment the test stops waiting for it.
   */
  private int killAtRandom(
      List<SidecarProcess> sidecars,
      int kills,
      List<String> points,
      Random random,
      Path config,
      TableIdentifier name,
      Future<?> checking)
      throws Exception {
    String previous = "";
    for (int kill = 0; kill < kills; kill++) {
      List<String> next = previous.equals(KEY_INDEX)
          ? points.stream().filter(point -> !point.equals(KEY_INDEX)).toList()
          : points;
      String point = next.get(random.nextInt(next.size()));
      previous = point;
      int rounds = point.equals(KEY_INDEX) ? 0 : 1 + random.nextInt(MOST_ROUNDS_BETWEEN_KILLS);
      awaitRounds(sidecars, name, rounds, checking);
      int victim;
      String how;
      if (point.isEmpty()) {
        Thread.sleep(random.nextInt(2_500));
        victim = randomServing(sidecars, random);
        how = "at a random moment";
      } else {
        victim = awaitMarker(sidecars, point);
        how = (victim < 0 ? "waiting in vain for '" : "at '") + point + "'";
        if (victim < 0) {
          victim = randomServing(sidecars, random);
        }
      }
      sidecars.get(victim).kill();
      System.out.printf(
          "upsert crash test: %d rounds later, killed sidecar %d of %d %s, table at %s%n",
          rounds, victim + 1, sidecars.size(), how, offsets(name));
      Thread.sleep(random.nextInt(1_000));
      sidecars.set(victim, start(config));
    }
    return kills;
  }

  /** The first instance to print a line with {@code marker} from now on, or -1 if none does soon. */
  private static int awaitMarker(List<SidecarProcess> sidecars, String marker)
      throws InterruptedException {
    sidecars.forEach(sidecar -> sidecar.printed(marker));
    long deadline = System.nanoTime() + MARKER_WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      for (int i = 0; i < sidecars.size(); i++) {
        if (sidecars.get(i).awaitNext(marker, MARKER_POLL)) {
          return i;
        }
      }
    }
    return -1;
  }

  /**
   * Waits until the table has {@code rounds} more snapshots than at the last kill, so the instance that survives or
   * restarts commits from its kept key index as well as from one it read from the lake; fails when a check failed.
   */
  private void awaitRounds(
      List<SidecarProcess> sidecars, TableIdentifier name, int rounds, Future<?> checking)
      throws InterruptedException, ExecutionException {
    int wanted = roundsSoFar + rounds;
    try {
      await()
          .atMost(PROGRESS)
          .pollInterval(Duration.ofMillis(100))
          .until(() -> checking.isDone() || rounds(name) >= wanted);
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          "The table did not commit " + rounds + " rounds within " + PROGRESS.toSeconds()
              + "s; it is at " + offsets(name) + outputs(sidecars),
          e);
    }
    if (checking.isDone()) {
      checking.get();
      throw new AssertionError("The snapshot checks stopped early");
    }
    roundsSoFar = rounds(name);
  }

  /** How many rounds committed to the table so far. */
  private int rounds(TableIdentifier name) {
    int rounds = 0;
    for (Snapshot snapshot : table(name).snapshots()) {
      rounds += MinkSnapshot.isMink(snapshot) ? 1 : 0;
    }
    return rounds;
  }

  /** A random one of the instances that print they are serving, waiting for one when none does yet. */
  private static int randomServing(List<SidecarProcess> sidecars, Random random) {
    List<Integer> serving = await("a sidecar serving")
        .atMost(STARTUP)
        .pollInterval(Duration.ofMillis(50))
        .until(
            () -> {
              List<Integer> indices = new ArrayList<>();
              for (int i = 0; i < sidecars.size(); i++) {
                if (sidecars.get(i).printed(SERVING)) {
                  indices.add(i);
                }
              }
              return indices;
            },
            indices -> !indices.isEmpty());
    return serving.get(random.nextInt(serving.size()));
  }

  private Void walkUntilStopped(UpsertWalk walk, AtomicBoolean running)
      throws InterruptedException {
    while (running.get()) {
      walk.step(BATCH);
      Thread.sleep(PRODUCE_PAUSE_MILLIS);
    }
    return null;
  }

  private static Void checkUntilStopped(UpsertSnapshots snapshots, AtomicBoolean running)
      throws InterruptedException {
    while (running.get()) {
      snapshots.checkNew();
      Thread.sleep(CHECK_PAUSE_MILLIS);
    }
    return null;
  }

  private LakeOffsets awaitCaughtUp(
      List<SidecarProcess> sidecars, String topic, TableIdentifier name) {
    LakeOffsets end = LakeOffsets.of(KAFKA.endOffsets(topic));
    try {
      await()
          .atMost(CATCH_UP)
          .pollInterval(Duration.ofMillis(200))
          .until(() -> offsets(name).equals(end));
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          "The table did not reach " + end + " within " + CATCH_UP.toSeconds() + "s; it is at "
              + offsets(name) + outputs(sidecars),
          e);
    }
    return end;
  }

  /** Spark's SELECT of the caught-up table is the model's rows below the topic's end offsets. */
  private void assertSparkReadsTheModel(UpsertWalk walk, TableIdentifier name)
      throws InterruptedException {
    Map<String, UpsertModel.Row> expected =
        walk.liveBelow(offsets(name).nextOffsets(), Duration.ZERO);
    Map<String, UpsertModel.Row> read = new TreeMap<>();
    try (SparkReader spark = SparkReader.start(lake())) {
      for (Map<String, Object> selected :
          spark.sql("SELECT CAST(_kafka_key AS STRING) AS k, CAST(_kafka_value AS STRING)"
              + " AS v, _kafka_partition AS p, _kafka_offset AS o FROM mink." + name)) {
        UpsertModel.Row row = new UpsertModel.Row(
            (String) selected.get("k"),
            (String) selected.get("v"),
            ((Number) selected.get("p")).intValue(),
            ((Number) selected.get("o")).longValue());
        assertThat(read.put(row.key(), row))
            .as("key %s twice in Spark", row.key())
            .isNull();
      }
    }
    assertThat(read).as("Spark's rows of %s", name).isEqualTo(expected);
  }

  private SidecarProcess start(Path config) {
    SidecarProcess sidecar = CliSidecars.start(config, COMMIT_PAUSE_MILLIS, ENVIRONMENT);
    started.add(sidecar);
    return sidecar;
  }

  private static String outputs(List<SidecarProcess> sidecars) {
    StringBuilder outputs = new StringBuilder();
    for (SidecarProcess sidecar : sidecars) {
      outputs
          .append("\n--- sidecar (alive: ")
          .append(sidecar.isAlive())
          .append(")\n")
          .append(sidecar.tail());
    }
    return outputs.toString();
  }

  /** Every sidecar's output, in the order they were started, to target/upsert-crash-v{format}.log. */
  private void writeLog(int formatVersion) throws IOException {
    StringBuilder log = new StringBuilder();
    for (int i = 0; i < started.size(); i++) {
      log.append("=== sidecar ")
          .append(i + 1)
          .append(" (pid ")
          .append(started.get(i).pid())
          .append(")\n")
          .append(started.get(i).output())
          .append('\n');
    }
    Files.writeString(Path.of("target", "upsert-crash-v" + formatVersion + ".log"), log);
  }

  private LakeOffsets offsets(TableIdentifier name) {
    return MinkSnapshot.newest(table(name)).map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
  }

  private Table table(TableIdentifier name) {
    if (catalog == null) {
      catalog = catalog();
    }
    return catalog.loadTable(name);
  }

  private Catalog catalog() {
    return CatalogLoader.load(lake());
  }

  private LakeSettings lake() {
    return LakeSettings.embedded(directory.resolve("mink-warehouse"));
  }

  /** The sidecars' configuration, with topics and a group of this format's own. */
  private Path writeConfig(int formatVersion) throws IOException {
    LakeSettings lake = lake();
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
        workers = 1
        tables_topic = "_tables_v%d"
        owners_topic = "_owners_v%d"
        status_topic = "_status_v%d"
        group_id = "mink_v%d"
        """.formatted(
            KAFKA.bootstrapServers(),
            lake.uri(),
            lake.warehouse(),
            formatVersion,
            formatVersion,
            formatVersion,
            formatVersion));
  }
}
