package io.mink.bench.connect;

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
 * Runs Iceberg's Kafka Connect sink over a topic of JSON orders until its table holds every record, the way a user
 * adds a connector to a running worker: creates the control topic and the table in a fresh warehouse, starts a Kafka
 * Connect standalone worker with no connector ({@link ConnectWorker}), waits until its REST API answers, adds the
 * sink there ({@code POST /connectors}), waits until its task is RUNNING, then until a commit brings the table to
 * the topic's record count, and stops the worker. Fails, keeping the worker's files and log, when the worker exits,
 * the task fails, the table gets more rows than records, or the rows do not all arrive in time.
 */
final class ConnectSinkRun {
  /** How often the worker is asked whether it answers and whether its task runs. */
  private static final Duration START_POLL = Duration.ofMillis(100);
  /**
   * How often the table is read for commits: their times come from the snapshots, so this only delays noticing the
   * last one (and so reading the worker's CPU time, up to this much later), and polling less leaves the cores to the
   * sink. {@link MinkServeRun} polls its table as often.
   */
  static final Duration COMMIT_POLL = Duration.ofMillis(500);

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
      SinkOutcome outcome;
      try (ConnectWorker worker = ConnectWorker.startWithoutConnector(
          classpath,
          settings.jvmOptions(),
          directory,
          settings.worker(
              broker.bootstrapServers(), directory.resolve("connect.offsets"), restPort),
          settings.connectorName(),
          restPort)) {
        Moment launch = Moment.now(worker.pid());
        try {
          Moment ready = awaitReady(worker, deadline);
          Moment added = Moment.now(worker.pid());
          worker.createConnector(
              settings.connector(CatalogLoader.CATALOG_NAME, sinkCatalog(warehouse)));
          Moment started = awaitTaskRunning(worker, deadline);
          outcome = awaitRows(
              worker, table, records, bytes, new Moments(launch, ready, added, started), deadline);
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

  private static Moment awaitReady(ConnectWorker worker, long deadline) {
    while (!worker.ready()) {
      checkAlive(worker, deadline, "before its REST API answered");
      sleep(START_POLL);
    }
    return Moment.now(worker.pid());
  }

  private static Moment awaitTaskRunning(ConnectWorker worker, long deadline) {
    while (true) {
      String state = worker.taskState();
      if (state.equals("RUNNING")) {
        return Moment.now(worker.pid());
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
      Moments moments,
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
        firstCommit = Moment.now(worker.pid());
      }
      if (rows == records) {
        return outcome(commits, records, bytes, moments, firstCommit, Moment.now(worker.pid()));
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

  /**
   * The moments of a run before its commits: the worker's launch, its REST API answering, the connector added,
   * its task running.
   */
  private record Moments(Moment launch, Moment ready, Moment added, Moment started) {}

  private static SinkOutcome outcome(
      List<SinkTable.Commit> commits,
      long records,
      long bytes,
      Moments moments,
      Moment firstCommit,
      Moment end) {
    SinkTable.Commit first = commits.get(0);
    SinkTable.Commit last = commits.get(commits.size() - 1);
    long steadyRows = last.totalRecords() - first.totalRecords();
    long steadyMillis = last.epochMillis() - first.epochMillis();
    long steadyCpu = firstCommit.childCpuTo(end);
    Moment added = moments.added();
    Moment started = moments.started();
    return new SinkOutcome(
        records,
        bytes,
        millisToNanos(moments.ready().epochMillis() - moments.launch().epochMillis()),
        moments.launch().childCpuTo(moments.ready()),
        millisToNanos(Math.max(1, last.epochMillis() - added.epochMillis())),
        end.childCpuNanos(),
        millisToNanos(started.epochMillis() - added.epochMillis()),
        millisToNanos(Math.max(1, last.epochMillis() - started.epochMillis())),
        started.childCpuTo(end),
        commits.size(),
        steadyRows <= 0 || steadyMillis <= 0 ? Double.NaN : steadyRows * 1e3 / steadyMillis,
        steadyRows <= 0 || steadyCpu < 0 ? Double.NaN : steadyCpu / 1e3 / steadyRows,
        added.ownCpuTo(end),
        added.othersCpuTo(end));
  }

  private static long millisToNanos(long millis) {
    return millis * 1_000_000L;
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
