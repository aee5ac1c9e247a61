package io.mink.indexer.foreign;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.indexer.testing.RoundRunner;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
import io.mink.testkit.Warehouse;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The foreign-writers suite (docs/operations.md): Spark runs its own Iceberg procedures and SQL on Mink's append and upsert
 * tables, format 2 and 3, while Mink tiers them, most of them inside a round in flight, and every snapshot of every
 * table is checked against a model computed apart from Mink after every round and every Spark statement.
 *
 * <p>The statements: rewrite_data_files (with min-input-files 2, and with rewrite-all, sometimes of one Kafka
 * partition), rewrite_position_delete_files (format 2: format 3 has deletion vectors instead), rollback_to_snapshot,
 * expire_snapshots, orphan file removal, ALTER TABLE ADD COLUMN and SET TBLPROPERTIES, and merge-on-read DELETE,
 * file-scoped and (format 2) partition-scoped. The remove_orphan_files procedure refuses an age under 24 hours, so the
 * suite runs the Spark action the procedure runs (dry run off) with the files older than the round's start: it
 * considers every file of the rounds before, and none of the files of the round in flight, as a user must set it.
 *
 * <p>"Inside a round in flight" means the statement's commit lands between the round's start (its table refresh) and
 * its own commit: a {@link PausingHook} pauses the round's first catalog swap and runs the statement meanwhile; then
 * Iceberg retries the round's commit on the refreshed metadata, or Mink refuses it and the next round plans again (a
 * round that no other writer disturbed must commit). {@link InFlightEvidence} checks from the metadata log, the
 * snapshot log and the parent ids that it did land there, and each procedure must land there at least
 * {@code mink.foreign.inside} times (5), spread over the table kinds that have it (2, 1, 1 and 1 on the four kinds, 3
 * and 2 on the format 2 kinds, the larger shares to kinds chosen at random). Records keep arriving in Kafka between
 * rounds (a small key space with tombstones for upsert tables).
 *
 * <p>The model ({@link TableHistory}): append tables hold every offset once, but rows a user DELETEd (which never come
 * back) and offsets in a reported gap; upsert tables the newest value per key, each key once, tombstoned and
 * user-DELETEd keys absent (until Kafka carries a newer record of the key). Each snapshot is judged by its own
 * ancestry, so a rollback takes the rows Mink committed after the target out of the model and the next rounds must
 * tier them again from Kafka. Every snapshot is read whole with Iceberg's generic reader when it first appears and
 * its files are looked up after every step ({@link SnapshotCheck}); at the end every snapshot is read whole again,
 * and Spark reads the current one and two older ones.
 *
 * <p>The four tables run side by side on one broker, one sidecar and one Spark, so Spark is kept busy. System
 * properties: {@code mink.foreign.runs} repeats the whole suite (1), {@code mink.foreign.seed} replays a run's choices
 * (each table's, when run alone), {@code mink.foreign.inside} is the target per procedure (5; 20 makes it 5 on each
 * kind, 10 on each format 2 kind for the format 2 procedures), {@code mink.foreign.minutes} the deadline of one run
 * (4), {@code mink.foreign.kinds} the table kinds to run (all: APPEND_V2,APPEND_V3,UPSERT_V2,UPSERT_V3). At the end
 * it prints, per table kind and procedure, how many statements ran and where they landed, and where each table's time
 * went.
 */
class ForeignWritersIT {
  static final int PARTITIONS = 3;
  private static final int RUNS = Integer.getInteger("mink.foreign.runs", 1);
  private static final int INSIDE_TARGET = Integer.getInteger("mink.foreign.inside", 5);
  private static final Duration DEADLINE =
      Duration.ofMinutes(Long.getLong("mink.foreign.minutes", 4));
  private static final List<TableKind> KINDS = Arrays.stream(
          System.getProperty("mink.foreign.kinds", "APPEND_V2,APPEND_V3,UPSERT_V2,UPSERT_V3")
              .split(","))
      .map(String::strip)
      .map(TableKind::valueOf)
      .toList();
  private static final DateTimeFormatter SQL_TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @TestFactory
  Stream<DynamicTest> sparkProceduresAndSqlInsideRoundsInFlightKeepEverySnapshotEqualToTheModel() {
    return IntStream.rangeClosed(1, RUNS)
        .mapToObj(run -> DynamicTest.dynamicTest("run " + run + " of " + RUNS, () -> runOnce(run)));
  }

  /**
   * Per table kind and procedure, how many of its statements must land inside rounds in flight: {@code
   * mink.foreign.inside} per procedure, spread over the kinds that have it, the remainder to kinds chosen at random,
   * and at least one on each kind.
   */
  private static Map<TableKind, Map<ForeignProcedure, Integer>> insideTargets(Random random) {
    Map<TableKind, Map<ForeignProcedure, Integer>> targets = new EnumMap<>(TableKind.class);
    KINDS.forEach(kind -> targets.put(kind, new EnumMap<>(ForeignProcedure.class)));
    for (ForeignProcedure procedure : ForeignProcedure.values()) {
      List<TableKind> kinds = new ArrayList<>(
          KINDS.stream().filter(kind -> kind.procedures().contains(procedure)).toList());
      Collections.shuffle(kinds, random);
      for (int i = 0; i < kinds.size(); i++) {
        int share = INSIDE_TARGET / kinds.size() + (i < INSIDE_TARGET % kinds.size() ? 1 : 0);
        targets.get(kinds.get(i)).put(procedure, Math.max(1, share));
      }
    }
    return targets;
  }

  /** A timestamp literal in UTC, the Spark session's time zone. */
  static String sqlTimestamp(Instant instant) {
    return SQL_TIMESTAMP.format(instant);
  }

  private static void runOnce(int run) throws InterruptedException {
    long seed = Long.getLong("mink.foreign.seed", System.nanoTime());
    System.out.println(
        "Foreign-writers run " + run + " of " + RUNS + ": -Dmink.foreign.seed=" + seed);
    long start = System.nanoTime();
    ForeignTally tally = new ForeignTally();
    PausingHook hook = new PausingHook();
    List<Throwable> failures = new ArrayList<>();
    List<TableDriver> drivers = new ArrayList<>();
    try (Warehouse warehouse = Warehouse.create();
        InProcessSidecar sidecar = new InProcessSidecar(
            KAFKA.bootstrapServers(),
            warehouse.lakeSettings(),
            InProcessSidecar.uniqueTopic("_tables"),
            RoundRunner.settings(2, InProcessSidecar.TARGET_FILE_SIZE),
            null,
            hook);
        SparkReader spark = SparkReader.start(warehouse.lakeSettings())) {
      TableDriver.Shared shared = new TableDriver.Shared(
          sidecar,
          hook,
          spark,
          KAFKA,
          tally,
          insideTargets(new Random(seed)),
          start,
          start + DEADLINE.toNanos());
      for (TableKind kind : KINDS) {
        TableDriver driver = new TableDriver(kind, shared, seed + kind.label.hashCode());
        driver.add();
        drivers.add(driver);
      }
      ExecutorService pool = Executors.newFixedThreadPool(drivers.size());
      try {
        List<Future<?>> running = new ArrayList<>();
        for (TableDriver driver : drivers) {
          running.add(pool.submit(driver::run));
        }
        for (Future<?> driver : running) {
          try {
            driver.get();
          } catch (ExecutionException e) {
            failures.add(e.getCause());
          }
        }
      } finally {
        pool.shutdownNow();
      }
    }
    System.out.printf(
        "Foreign-writers run %d of %d (seed %d) took %.1f s: per table kind and procedure, the statements Spark ran"
            + " and where their commits landed (inside = between a round's start and its commit, shown by the"
            + " metadata and snapshot logs; on top = the round then committed on top of it; refused = Mink refused"
            + " the round, which planned again)%n%s",
        run, RUNS, seed, (System.nanoTime() - start) / 1e9, tally.table());
    for (TableDriver driver : drivers) {
      System.out.printf("  %s: %s%n", driver.tableName(), driver.times());
    }
    if (!failures.isEmpty()) {
      AssertionError failure = new AssertionError(failures.size() + " of " + drivers.size()
          + " tables broke (seed " + seed + "):\n\n"
          + String.join("\n\n", failures.stream().map(Throwable::getMessage).toList()));
      failures.forEach(failure::addSuppressed);
      throw failure;
    }
    List<String> unmet = new ArrayList<>();
    for (ForeignProcedure procedure : ForeignProcedure.values()) {
      int inside = 0;
      for (TableKind kind : KINDS) {
        inside += tally.inside(kind, procedure);
      }
      if (inside < INSIDE_TARGET
          && KINDS.stream().anyMatch(kind -> kind.procedures().contains(procedure))) {
        unmet.add(procedure.label + ": " + inside);
      }
    }
    if (!unmet.isEmpty()) {
      throw new AssertionError(
          "Within " + DEADLINE.toMinutes() + " minutes, these procedures landed inside rounds"
              + " in flight fewer than " + INSIDE_TARGET + " times: " + unmet);
    }
  }
}
