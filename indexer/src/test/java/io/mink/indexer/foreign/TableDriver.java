package io.mink.indexer.foreign;

import io.mink.indexer.foreign.InFlightEvidence.Landing;
import io.mink.indexer.foreign.InFlightEvidence.RoundBase;
import io.mink.indexer.foreign.InFlightEvidence.StatementRun;
import io.mink.indexer.foreign.InFlightEvidence.Verdict;
import io.mink.indexer.foreign.SnapshotCheck.ReadRow;
import io.mink.indexer.foreign.TableHistory.Facts;
import io.mink.indexer.foreign.TableHistory.Maker;
import io.mink.indexer.foreign.TableHistory.RowId;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * Drives one table: Kafka records, Mink rounds and Spark statements, most of them inside a round in flight, each
 * followed by a check of every snapshot against the model; at the end the table catches up with Kafka and Spark reads
 * it too. It stops at the first check that fails, with the steps that led there.
 */
final class TableDriver {
  /** What the drivers of one run share. */
  record Shared(
      InProcessSidecar sidecar,
      PausingHook hook,
      SparkReader spark,
      KafkaBroker kafka,
      ForeignTally tally,
      Map<TableKind, Map<ForeignProcedure, Integer>> insideTargets,
      long startNanos,
      long deadlineNanos) {}

  private static final int KEY_SPACE = 60;
  /** One statement in this many runs between rounds, the others inside a round in flight. */
  private static final int BETWEEN_ROUNDS_ONE_IN = 6;

  private static final int FIRST_RECORDS = 60;
  private static final int MOST_STEPS = 150;
  private static final int CATCH_UP_ROUNDS = 4;
  private static final int OLDER_SNAPSHOTS_SPARK_READS = 2;

  private final TableKind kind;
  private final Shared shared;
  private final Random random;
  private final TimeSpent time = new TimeSpent();
  private Journal journal;
  private TableDescriptor descriptor;
  private String qualifiedName;
  private String tableName;
  private ProducedRecords produced;
  private TableHistory history;
  private SnapshotCheck check;
  private StatementPlanner planner;
  private KafkaConsumer<ByteBuffer, ByteBuffer> consumer;
  private String granularity;
  private int step;
  private int rounds;
  /** Whether another writer committed since the running round started: only then may Mink refuse the round. */
  private boolean foreignCommitInRound;

  TableDriver(TableKind kind, Shared shared, long seed) {
    this.kind = kind;
    this.shared = shared;
    this.random = new Random(seed);
  }

  /** Creates the topic and adds its table, as mink table add does; one table after the other. */
  void add() {
    String topic = InProcessSidecar.uniqueTopic(
        "foreign-" + kind.name().toLowerCase(Locale.ROOT).replace('_', '-'));
    shared.kafka().createTopic(topic, ForeignWritersIT.PARTITIONS);
    descriptor = shared.sidecar().add(topic, Duration.ofMinutes(3), kind.options);
    qualifiedName = descriptor.qualifiedName();
    tableName = load().name();
    journal = new Journal(kind.label + " table " + qualifiedName, shared.startNanos());
    produced = new ProducedRecords(topic, kind.upsert, KEY_SPACE);
    history = new TableHistory(produced);
    check = new SnapshotCheck(history, kind.upsert);
    planner = new StatementPlanner(qualifiedName, kind.upsert, KEY_SPACE, random);
  }

  /** Steps until each procedure landed inside rounds often enough (or the run's deadline), then catches up. */
  void run() {
    setUp();
    try {
      while (step < MOST_STEPS && System.nanoTime() < shared.deadlineNanos()) {
        ForeignProcedure next = nextProcedure();
        if (next == null) {
          break;
        }
        step(next);
      }
      finish();
    } finally {
      consumer.close();
    }
  }

  String tableName() {
    return qualifiedName;
  }

  private void setUp() {
    consumer = shared.sidecar().newConsumer();
    granularity = "file";
    runStatement(
        ForeignStatement.sql(
            ForeignProcedure.SET_PROPERTIES,
            "ALTER TABLE mink." + qualifiedName
                + " SET TBLPROPERTIES ('write.delete.mode'='merge-on-read', 'write.delete.granularity'='file')"),
        "before the first round");
    produced.produce(shared.kafka(), random, FIRST_RECORDS);
    if (round() == null) {
      throw fail("The first round committed nothing", List.of());
    }
  }

  /** A procedure whose statements landed inside rounds fewer times than the target, at random; null when none. */
  private ForeignProcedure nextProcedure() {
    List<ForeignProcedure> unmet = new ArrayList<>();
    for (ForeignProcedure procedure : kind.procedures()) {
      if (shared.tally().inside(kind, procedure)
          < shared.insideTargets().get(kind).get(procedure)) {
        unmet.add(procedure);
      }
    }
    return unmet.isEmpty() ? null : unmet.get(random.nextInt(unmet.size()));
  }

  /**
   * New records, then the procedure's statement: five times in six inside the round's first commit attempt (the
   * hook pauses it there), else between rounds; then the round, and where the statement landed.
   */
  private void step(ForeignProcedure procedure) {
    step++;
    produced.produce(shared.kafka(), random, 10 + random.nextInt(30));
    if (kind.formatVersion == 2
        && (procedure == ForeignProcedure.DELETE
            || procedure == ForeignProcedure.DELETE_PARTITION_SCOPED)) {
      setGranularity(StatementPlanner.granularity(procedure));
    }
    if (procedure == ForeignProcedure.REWRITE_POSITION_DELETES
        && !StatementPlanner.hasDeleteFiles(load())) {
      runStatement(
          planner.plan(ForeignProcedure.DELETE, load(), Instant.now()),
          "between rounds, so that there are position delete files to rewrite");
    }
    Table before = load();
    long startMillis = System.currentTimeMillis();
    RoundBase base = RoundBase.of(metadata(before), startMillis);
    ForeignStatement statement = planner.plan(procedure, before, Instant.ofEpochMilli(startMillis));
    if (statement == null) {
      log("nothing for " + procedure.label + " to act on yet: a round alone");
      round();
      return;
    }
    if (random.nextInt(BETWEEN_ROUNDS_ONE_IN) == 0) {
      StatementRun ran = runStatement(statement, "between rounds");
      boolean committed =
          !ran.after().metadataFileLocation().equals(ran.before().metadataFileLocation());
      shared
          .tally()
          .record(
              kind,
              procedure,
              committed || procedure.effect == ForeignProcedure.Effect.NONE
                  ? Landing.BETWEEN_ROUNDS
                  : Landing.NO_COMMIT);
      round();
      return;
    }
    AtomicReference<StatementRun> ran = new AtomicReference<>();
    AtomicReference<Throwable> failed = new AtomicReference<>();
    shared.hook().arm(tableName, () -> {
      try {
        ran.set(
            runStatement(statement, "inside the round in flight on snapshot " + base.snapshotId()));
      } catch (Throwable e) {
        failed.set(e);
      }
    });
    Long roundSnapshot;
    boolean notRun;
    try {
      roundSnapshot = round();
    } catch (AssertionError roundFailure) {
      if (failed.get() == null) {
        throw roundFailure;
      }
      throw fail(
          "Spark failed to run " + statement + " inside round " + rounds
              + ", and then the round's check failed",
          List.of(Journal.stackTrace(failed.get()), roundFailure.getMessage()));
    } finally {
      notRun = shared.hook().disarm(tableName);
    }
    if (failed.get() != null) {
      throw failed.get() instanceof AssertionError assertion
          ? assertion
          : fail("Spark failed to run " + statement, List.of(Journal.stackTrace(failed.get())));
    }
    if (notRun) {
      shared.tally().record(kind, procedure, Landing.NOT_RUN);
      log(procedure.label + " did not run: the round never reached its commit");
      return;
    }
    Verdict verdict =
        InFlightEvidence.judge(procedure, base, ran.get(), roundSnapshot, metadata(load()));
    shared.tally().record(kind, procedure, verdict.landing());
    log(procedure.label + ": " + verdict.landing() + " (" + verdict.evidence() + ")");
  }

  /** Sets write.delete.granularity between rounds, before a DELETE that needs it; not counted as a statement. */
  private void setGranularity(String wanted) {
    if (!wanted.equals(granularity)) {
      runStatement(
          ForeignStatement.sql(
              ForeignProcedure.SET_PROPERTIES,
              "ALTER TABLE mink." + qualifiedName
                  + " SET TBLPROPERTIES ('write.delete.granularity'='" + wanted + "')"),
          "between rounds, before a DELETE");
      granularity = wanted;
    }
  }

  /**
   * Runs a Spark statement, then registers the snapshots it made and checks every snapshot; returns the table's
   * metadata before and after.
   */
  private StatementRun runStatement(ForeignStatement statement, String where) {
    TableMetadata before = metadata(load());
    long startMillis = System.currentTimeMillis();
    String answer;
    long sparkStart = System.nanoTime();
    try {
      answer = statement.run(shared.spark(), qualifiedName);
    } catch (RuntimeException e) {
      throw fail("Spark failed to run " + statement + " " + where, List.of(Journal.stackTrace(e)));
    } finally {
      time.spark(statement.procedure(), System.nanoTime() - sparkStart);
    }
    Table after = load();
    observe(after, Maker.spark(statement.text(), statement.deletes()));
    TableMetadata afterMetadata = metadata(after);
    if (!afterMetadata.metadataFileLocation().equals(before.metadataFileLocation())) {
      foreignCommitInRound = true;
    }
    log("Spark " + where + ": " + statement + " -> " + answer + "; current snapshot "
        + describe(before) + " -> " + describe(afterMetadata));
    expectNoProblems(checked(after), "after " + statement + " " + where);
    return new StatementRun(before, afterMetadata, startMillis, answer);
  }

  /**
   * Runs a round and checks every snapshot; returns the snapshot it committed, or null when it had nothing new or was
   * refused. A refusal must come from a conflict with a commit of Spark's inside the round (the round plans again
   * next time); a round no other writer disturbed must commit.
   */
  private Long round() {
    rounds++;
    Long committed = null;
    String what;
    foreignCommitInRound = false;
    long roundStart = System.nanoTime();
    try {
      RoundResult result = shared.sidecar().runRound(descriptor, consumer);
      if (result.committed()) {
        committed = result.snapshotId();
        what = "committed snapshot " + committed + " with offsets "
            + result.offsets().nextOffsets();
      } else {
        what = "had nothing new";
      }
    } catch (RuntimeException e) {
      if (!refusal(e)) {
        throw fail("Round " + rounds + " failed", List.of(Journal.stackTrace(e)));
      }
      if (!foreignCommitInRound) {
        throw fail(
            "Round " + rounds + " was refused though no other writer committed while it ran",
            List.of(Journal.stackTrace(e)));
      }
      what = "was refused: " + e;
    }
    time.round(System.nanoTime() - roundStart);
    log("round " + rounds + " " + what);
    Table after = load();
    observe(after, Maker.round("round " + rounds));
    expectNoProblems(checked(after), "after round " + rounds + ", which " + what);
    return committed;
  }

  /** Registers the table's new snapshots as made by {@code maker}; a snapshot from the wrong writer fails with the journal. */
  private void observe(Table table, Maker maker) {
    try {
      history.observe(table, maker);
    } catch (AssertionError e) {
      throw fail(e.getMessage(), List.of());
    }
  }

  private List<String> checked(Table table) {
    long start = System.nanoTime();
    try {
      return check.check(table);
    } finally {
      time.check(System.nanoTime() - start);
    }
  }

  /** Where the table's time went. */
  String times() {
    return time.describe(step, rounds, check.snapshotsRead());
  }

  /**
   * A commit that another writer's commit made Mink or Iceberg refuse: Mink's offset or schema check, Iceberg's
   * validation of a row delta (files it deletes from or removes are gone, new deletes for files it removes), or the
   * row delta's check that the snapshot it started from is still an ancestor (after a rollback, Iceberg throws an
   * IllegalArgumentException for that).
   */
  private static boolean refusal(Throwable e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof ValidationException
          || cause instanceof CommitFailedException
          || (cause instanceof IllegalArgumentException
              && String.valueOf(cause.getMessage()).contains("is not an ancestor of"))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Records up to Kafka's end, rounds until the table has them all, every snapshot read whole again, and Spark's
   * reads of the current snapshot and of older ones.
   */
  private void finish() {
    produced.produce(shared.kafka(), random, 20);
    for (int i = 0; i < CATCH_UP_ROUNDS && !caughtUp(); i++) {
      round();
    }
    Table table = load();
    Facts current = history.facts(table.currentSnapshot().snapshotId());
    if (!caughtUp()) {
      throw fail(
          "The table did not catch up with Kafka in " + CATCH_UP_ROUNDS
              + " rounds without other writers: " + current + ", Kafka's end offsets "
              + produced.endOffsets(),
          List.of());
    }
    expectNoProblems(check.checkAll(table), "reading every snapshot whole at the end");
    expectNoProblems(
        check.compare(history.expected(current), sparkRows(null)).problems(),
        "Spark reading the current " + current);
    List<Snapshot> older = new ArrayList<>();
    table.snapshots().forEach(older::add);
    older.removeIf(snapshot -> snapshot.snapshotId() == current.snapshotId());
    int sparkReads = 0;
    for (; sparkReads < OLDER_SNAPSHOTS_SPARK_READS && !older.isEmpty(); sparkReads++) {
      Facts snapshot = history.facts(older.remove(random.nextInt(older.size())).snapshotId());
      expectNoProblems(
          check
              .compare(history.expected(snapshot), sparkRows(snapshot.snapshotId()))
              .problems(),
          "Spark reading " + snapshot);
    }
    log("caught up: " + current + "; every snapshot read again, Spark read the current one and "
        + sparkReads + " older ones");
  }

  private boolean caughtUp() {
    Map<Integer, Long> offsets =
        new TreeMap<>(history.facts(load().currentSnapshot().snapshotId()).offsets());
    Map<Integer, Long> ends = new TreeMap<>(produced.endOffsets());
    offsets.values().removeIf(offset -> offset == 0);
    ends.values().removeIf(offset -> offset == 0);
    return offsets.equals(ends);
  }

  private List<ReadRow> sparkRows(Long snapshotId) {
    List<ReadRow> rows = new ArrayList<>();
    for (Map<String, Object> row : shared
        .spark()
        .sql("SELECT _kafka_partition AS p, _kafka_offset AS o, CAST(_kafka_key AS STRING) AS k,"
            + " CAST(_kafka_value AS STRING) AS v FROM mink." + qualifiedName
            + (snapshotId == null ? "" : " VERSION AS OF " + snapshotId))) {
      rows.add(new ReadRow(
          new RowId(((Number) row.get("p")).intValue(), ((Number) row.get("o")).longValue()),
          (String) row.get("k"),
          (String) row.get("v")));
    }
    return rows;
  }

  private Table load() {
    return shared.sidecar().table(descriptor);
  }

  private static TableMetadata metadata(Table table) {
    return ((HasTableOperations) table).operations().current();
  }

  private static String describe(TableMetadata metadata) {
    Snapshot current = metadata.currentSnapshot();
    String file = metadata.metadataFileLocation();
    return (current == null ? "none" : Long.toString(current.snapshotId())) + " (metadata "
        + file.substring(file.lastIndexOf('/') + 1) + ")";
  }

  private void expectNoProblems(List<String> problems, String when) {
    if (!problems.isEmpty()) {
      throw fail("The model and the table differ " + when, problems);
    }
  }

  private void log(String line) {
    journal.log(step, line);
  }

  private AssertionError fail(String what, List<String> problems) {
    return journal.failure(what, problems);
  }
}
