package io.mink.bench.connect;

import io.mink.bench.ResourceMeter;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.testkit.ConnectWorker;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.Warehouse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.iceberg.CatalogProperties;

/**
 * Runs Iceberg's Kafka Connect sink over a topic of JSON orders until its table holds every record: creates the
 * control topic and the table in a fresh warehouse, starts a Kafka Connect standalone worker with the sink
 * ({@link ConnectWorker}), waits until its task is RUNNING, then until a commit brings the table to the topic's
 * record count, and stops the worker. Fails, keeping the worker's files and log, when the worker exits, the task
 * fails, the table gets more rows than records, or the rows do not all arrive in time.
 */
final class ConnectSinkRun {
  /** How often the task's state is asked for until it runs: the start of the sink's time. */
  private static final Duration START_POLL = Duration.ofMillis(100);
  /**
   * How often the table is read for commits: their times come from the snapshots, so this only delays noticing the
   * last one, and polling less leaves the cores to the sink.
   */
  private static final Duration COMMIT_POLL = Duration.ofMillis(500);

  /** A moment of the run: the wall clock and the CPU time so far of the worker, this JVM and the whole machine. */
  private record Moment(long epochMillis, long workerCpu, long ownCpu, long machineBusy) {
    static Moment now(ConnectWorker worker) {
      return new Moment(
          System.currentTimeMillis(),
          worker.cpuTicks() < 0 ? -1 : worker.cpuTicks() * ResourceMeter.NANOS_PER_TICK,
          ResourceMeter.processCpuNanos(),
          ResourceMeter.machineBusyNanos());
    }
  }

  private ConnectSinkRun() {}

  /**
   * The sink's slowest speed the run waits for: a twentieth of the peer's measured so far, as a machine shared with
   * other builds can give it.
   */
  static final int RECORDS_PER_SECOND_AT_LEAST = 2_500;
  /** How long the sink may go without committing new rows: six times its commit timeout. */
  static final Duration STALL = Duration.ofMinutes(3);

  /**
   * How long the sink may take from its launch to its last commit: three minutes plus a second per
   * {@link #RECORDS_PER_SECOND_AT_LEAST} records.
   */
  static Duration timeout(long records) {
    return Duration.ofSeconds(180 + records / RECORDS_PER_SECOND_AT_LEAST);
  }

  static SinkOutcome run(
      KafkaBroker broker, SinkSettings settings, long records, long bytes, String classpath) {
    broker.createTopic(settings.controlTopic(), 1, Map.of());
    Path directory = temporaryDirectory();
    try (Warehouse warehouse = Warehouse.create()) {
      SinkTable table = SinkTable.create(warehouse.catalog(), settings.table());
      int restPort = ConnectWorker.freePort();
      long deadline = System.nanoTime() + timeout(records).toNanos();
      Moment launch;
      SinkOutcome outcome;
      try (ConnectWorker worker = ConnectWorker.start(
          classpath,
          settings.jvmOptions(),
          directory,
          settings.worker(
              broker.bootstrapServers(), directory.resolve("connect.offsets"), restPort),
          settings.connector(CatalogLoader.CATALOG_NAME, sinkCatalog(warehouse)),
          restPort)) {
        launch = Moment.now(worker);
        try {
          Moment started = awaitTaskRunning(worker, deadline);
          outcome = awaitRows(worker, table, records, bytes, launch, started, deadline);
        } catch (RuntimeException e) {
          throw new IllegalStateException(
              e.getMessage() + "\nKafka Connect's files are kept in " + directory
                  + "; the end of its log " + worker.log() + ":\n" + worker.logTail(),
              e);
        }
      }
      deleteRecursively(directory);
      return outcome;
    }
  }

  private static Moment awaitTaskRunning(ConnectWorker worker, long deadline) {
    while (true) {
      String state = worker.taskState();
      if (state.equals("RUNNING")) {
        return Moment.now(worker);
      }
      if (state.startsWith("FAILED")) {
        throw new IllegalStateException("The sink's task failed as it started: " + state);
      }
      checkAlive(worker, deadline, "before its task ran");
      sleep(START_POLL);
    }
  }

  private static SinkOutcome awaitRows(
      ConnectWorker worker,
      SinkTable table,
      long records,
      long bytes,
      Moment launch,
      Moment started,
      long deadline) {
    Moment firstCommit = null;
    long lastRows = 0;
    long lastProgress = System.nanoTime();
    while (true) {
      List<SinkTable.Commit> commits = table.commits();
      long rows = SinkTable.rows(commits);
      if (rows > records) {
        throw new IllegalStateException("Iceberg's Kafka Connect sink committed " + rows
            + " rows to " + table + " for " + records + " records: it duplicated records");
      }
      if (rows > 0 && firstCommit == null) {
        firstCommit = Moment.now(worker);
      }
      if (rows == records) {
        Moments moments = new Moments(launch, started, firstCommit, Moment.now(worker));
        return outcome(commits, records, bytes, moments);
      }
      if (rows > lastRows) {
        lastRows = rows;
        lastProgress = System.nanoTime();
      }
      String state = worker.taskState();
      if (state.startsWith("FAILED")) {
        throw new IllegalStateException("The sink's task failed after committing " + rows + " of "
            + records + " rows: " + state);
      }
      String when = "with " + rows + " of " + records + " rows committed to " + table;
      checkAlive(worker, deadline, when);
      if (System.nanoTime() - lastProgress > STALL.toNanos()) {
        throw new IllegalStateException("Iceberg's Kafka Connect sink stalled " + when
            + ": no new rows committed for " + STALL.toSeconds() + " s");
      }
      sleep(COMMIT_POLL);
    }
  }

  /** The moments of a run: the worker's launch, its task's start, the first commit seen, and the last. */
  private record Moments(Moment launch, Moment started, Moment firstCommit, Moment end) {}

  private static SinkOutcome outcome(
      List<SinkTable.Commit> commits, long records, long bytes, Moments moments) {
    SinkTable.Commit first = commits.get(0);
    SinkTable.Commit last = commits.get(commits.size() - 1);
    long steadyRows = last.totalRecords() - first.totalRecords();
    long steadyMillis = last.epochMillis() - first.epochMillis();
    long steadyCpu = difference(moments.firstCommit().workerCpu(), moments.end().workerCpu());
    Moment started = moments.started();
    Moment end = moments.end();
    long ownCpu = difference(started.ownCpu(), end.ownCpu());
    long workerCpu = difference(started.workerCpu(), end.workerCpu());
    long machine = difference(started.machineBusy(), end.machineBusy());
    long others =
        ownCpu < 0 || workerCpu < 0 || machine < 0 ? -1 : Math.max(0, machine - ownCpu - workerCpu);
    return new SinkOutcome(
        records,
        bytes,
        (started.epochMillis() - moments.launch().epochMillis()) * 1_000_000L,
        Math.max(1, last.epochMillis() - started.epochMillis()) * 1_000_000L,
        workerCpu,
        difference(moments.launch().workerCpu(), started.workerCpu()),
        commits.size(),
        steadyRows <= 0 || steadyMillis <= 0 ? Double.NaN : steadyRows * 1e3 / steadyMillis,
        steadyRows <= 0 || steadyCpu < 0 ? Double.NaN : steadyCpu / 1e3 / steadyRows,
        ownCpu,
        others);
  }

  private static void checkAlive(ConnectWorker worker, long deadline, String when) {
    if (!worker.alive()) {
      throw new IllegalStateException("Kafka Connect exited " + when);
    }
    if (System.nanoTime() > deadline) {
      throw new IllegalStateException("Iceberg's Kafka Connect sink timed out " + when + ": it had "
          + timeout(0).toSeconds() + " s plus one per " + RECORDS_PER_SECOND_AT_LEAST + " records");
    }
  }

  private static long difference(long before, long after) {
    return before < 0 || after < 0 ? -1 : after - before;
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for the Kafka Connect sink", e);
    }
  }

  private static Path temporaryDirectory() {
    try {
      return Files.createTempDirectory("mink-vs-connect");
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create a directory for Kafka Connect's files: check that java.io.tmpdir ("
              + System.getProperty("java.io.tmpdir") + ") is writable",
          e);
    }
  }

  private static void deleteRecursively(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + root + ": delete it by hand", e);
    }
  }

  /**
   * The warehouse's catalog as the sink opens it: Mink's catalog properties without Mink's own FileIO, which is
   * not on the sink's classpath; the sink writes the same local files through Iceberg's default.
   */
  private static Map<String, String> sinkCatalog(Warehouse warehouse) {
    Map<String, String> properties =
        new HashMap<>(CatalogLoader.catalogProperties(warehouse.lakeSettings()));
    properties.remove(CatalogProperties.FILE_IO_IMPL);
    return properties;
  }
}
