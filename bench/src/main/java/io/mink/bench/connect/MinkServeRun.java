package io.mink.bench.connect;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.mink.bench.ResourceMeter;
import io.mink.bench.registry.OrderTableCheck;
import io.mink.indexer.config.IndexerSettings;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.LakeRowCheck;
import io.mink.testkit.SidecarLaunch;
import io.mink.testkit.SidecarProcess;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * Mink as a user runs it over a topic that already holds its records: {@code mink serve} in a JVM of its own (the
 * cli's main class, bin/mink's JVM options) with a mink.toml that names the broker, a schema registry when the
 * records are typed, and no [lake] block, so the embedded lake (a local warehouse) in its working directory. Once it
 * serves, {@code mink table add TOPIC} runs in a JVM of its own with the same file, and the table is read every
 * {@link ConnectSinkRun#COMMIT_POLL} until its newest Mink snapshot carries the topic's end offsets. Then the sidecar
 * is stopped (SIGTERM) and the table is read back: one row per offset, and for typed records the check of
 * {@link OrderTableCheck}. Fails, keeping the directory with the sidecar's log, when the sidecar exits, stops the
 * table, or does not index every record in time.
 */
final class MinkServeRun {
  /** bin/mink's JVM options for {@code mink serve}. */
  static final List<String> SERVE_JVM_OPTIONS = List.of("-Xmx1g", "-XX:+ExitOnOutOfMemoryError");
  /** bin/mink's JVM options for {@code mink table add}, as for the other table and cluster commands. */
  static final List<String> COMMAND_JVM_OPTIONS = List.of("-Xmx512m", "-XX:TieredStopAtLevel=1");
  /**
   * JVM options added after {@link #SERVE_JVM_OPTIONS}, separated by spaces, such as a flight recording of the
   * sidecar. Empty by default.
   */
  static final String EXTRA_JVM_OPTIONS_PROPERTY = "mink.bench.serve-jvm-options";
  /** The parquet_encoder of the sidecar, as the rounds of (c) take it; Mink's default when unset. */
  static final String ENCODER_PROPERTY = "mink.bench.parquet-encoder";

  private static final String SERVING = "Mink is serving";
  /** The line of a table the schedule stopped: it is not retried, so waiting on is pointless. */
  private static final String STOPPED = "is stopped (";

  private static final Duration STARTUP = Duration.ofMinutes(3);
  private static final Duration TABLE_ADD = Duration.ofMinutes(3);
  private static final String ARROW_MEMORY_ACCESS = "--add-opens=java.base/java.nio=ALL-UNNAMED";

  private MinkServeRun() {}

  /** The sidecar's JVM options: bin/mink's, then those of {@link #EXTRA_JVM_OPTIONS_PROPERTY}. */
  static List<String> serveJvmOptions() {
    List<String> options = new ArrayList<>(SERVE_JVM_OPTIONS);
    for (String option :
        System.getProperty(EXTRA_JVM_OPTIONS_PROPERTY, "").trim().split("\\s+")) {
      if (!option.isEmpty()) {
        options.add(option);
      }
    }
    return options;
  }

  /**
   * Indexes {@code topic} with a fresh sidecar of a deployment named {@code name} (a word: it names Mink's topics
   * and group, so runs on one broker do not see each other's tables).
   *
   * @param registryUrl the schema registry typed records are decoded through; null for raw records, no registry
   */
  static ServeOutcome run(
      KafkaBroker broker,
      String name,
      String topic,
      Map<Integer, Long> ends,
      long bytes,
      String registryUrl,
      boolean typed) {
    Path directory = temporaryDirectory(name);
    Path config = writeConfig(directory, broker, name, registryUrl);
    Path log = directory.resolve("serve.log");
    SidecarProcess sidecar = SidecarProcess.start(SidecarLaunch.serve("--config", config.toString())
        .withJvmOptions(serveJvmOptions())
        .inDirectory(directory)
        .loggingTo(log));
    ServeOutcome outcome;
    try {
      outcome = index(sidecar, directory, config, topic, ends, bytes, typed);
    } catch (IOException | RuntimeException e) {
      throw new IllegalStateException(
          e.getMessage() + "\nmink serve's files are kept in " + directory + "; the end of its log "
              + log + ":\n" + sidecar.tail(),
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while mink serve indexed " + topic, e);
    } finally {
      sidecar.close();
    }
    deleteRecursively(directory);
    return outcome;
  }

  private static ServeOutcome index(
      SidecarProcess sidecar,
      Path directory,
      Path config,
      String topic,
      Map<Integer, Long> ends,
      long bytes,
      boolean typed)
      throws IOException, InterruptedException {
    long records = ends.values().stream().mapToLong(Long::longValue).sum();
    Moment launch = Moment.now(sidecar.pid());
    long deadline = System.nanoTime() + ConnectSinkRun.timeout(records).toNanos();
    awaitLine(sidecar, SERVING, STARTUP);
    Moment ready = Moment.now(sidecar.pid());
    Moment added = Moment.now(sidecar.pid());
    TableAdd add = addTable(directory, config, topic);
    TableIdentifier identifier = TableIdentifier.of(
        Namespace.of(IndexerSettings.defaults().namespace()), TableDescriptor.tableNameFor(topic));
    Catalog catalog = CatalogLoader.load(
        LakeSettings.embedded(directory.resolve(LakeSettings.EMBEDDED_DIRECTORY)));
    try {
      Caught caught = awaitEndOffsets(sidecar, catalog, identifier, LakeOffsets.of(ends), deadline);
      sidecar.stop();
      Table table = catalog.loadTable(identifier);
      long rows = LakeRowCheck.verify(table, topic, ends);
      if (rows != records) {
        throw new IllegalStateException("Table " + identifier + " holds " + rows + " rows for "
            + records + " records in topic " + topic);
      }
      if (typed) {
        OrderTableCheck.verify(table);
      }
      return new ServeOutcome(
          records,
          bytes,
          (ready.epochMillis() - launch.epochMillis()) * 1_000_000L,
          launch.childCpuTo(ready),
          add.nanos(),
          add.cpuNanos(),
          Math.max(1, caught.snapshot().timestampMillis() - added.epochMillis()) * 1_000_000L,
          caught.end().childCpuNanos(),
          caught.rounds(),
          added.ownCpuTo(caught.end()),
          added.othersCpuTo(caught.end()));
    } finally {
      if (catalog instanceof Closeable closeable) {
        closeable.close();
      }
    }
  }

  /** The moment the table caught up, its newest Mink snapshot, and how many Mink snapshots it has. */
  private record Caught(Moment end, MinkSnapshot snapshot, int rounds) {}

  private static Caught awaitEndOffsets(
      SidecarProcess sidecar,
      Catalog catalog,
      TableIdentifier identifier,
      LakeOffsets target,
      long deadline)
      throws InterruptedException {
    Table table = null;
    while (true) {
      checkRunning(sidecar);
      if (table == null && catalog.tableExists(identifier)) {
        table = catalog.loadTable(identifier);
      }
      if (table != null) {
        table.refresh();
        Optional<MinkSnapshot> newest = MinkSnapshot.newest(table);
        if (newest.isPresent() && newest.get().offsets().equals(target)) {
          Moment end = Moment.now(sidecar.pid());
          int rounds = 0;
          for (Snapshot snapshot : table.snapshots()) {
            rounds += MinkSnapshot.isMink(snapshot) ? 1 : 0;
          }
          return new Caught(end, newest.get(), rounds);
        }
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("mink serve did not index every record of " + identifier
            + " in time: its newest Mink snapshot carries "
            + (table == null
                ? "nothing (no table)"
                : MinkSnapshot.newest(table)
                    .map(snapshot -> snapshot.offsets().toString())
                    .orElse("nothing"))
            + ", the end offsets are " + target);
      }
      Thread.sleep(ConnectSinkRun.COMMIT_POLL.toMillis());
    }
  }

  private static void checkRunning(SidecarProcess sidecar) {
    sidecar.checkRunning();
    if (sidecar.printed(STOPPED)) {
      throw new IllegalStateException(
          "mink serve stopped the table: it will not retry it without mink table resume");
    }
  }

  private static void awaitLine(SidecarProcess sidecar, String text, Duration timeout)
      throws InterruptedException {
    if (!sidecar.awaitNext(text, timeout)) {
      sidecar.checkRunning();
      throw new IllegalStateException(
          "mink serve did not print '" + text + "' within " + timeout.toSeconds() + " s");
    }
  }

  /** How long {@code mink table add} ran, and its JVM's CPU time (-1 where unknown). */
  private record TableAdd(long nanos, long cpuNanos) {}

  /**
   * Runs {@code mink table add TOPIC --config FILE} in a JVM of its own, as a user does. Its CPU time is read from
   * this JVM's count of its ended children's CPU time (/proc/self/stat), which only it can change meanwhile.
   */
  private static TableAdd addTable(Path directory, Path config, String topic)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add(ARROW_MEMORY_ACCESS);
    command.addAll(COMMAND_JVM_OPTIONS);
    command.addAll(List.of(
        "-cp",
        absoluteClasspath(),
        SidecarProcess.MAIN_CLASS,
        "table",
        "add",
        topic,
        "--config",
        config.toString()));
    Path output = directory.resolve("table-add.log");
    long childrenCpu = endedChildrenCpuNanos();
    long started = System.nanoTime();
    Process process = new ProcessBuilder(command)
        .directory(directory.toFile())
        .redirectErrorStream(true)
        .redirectOutput(output.toFile())
        .start();
    if (!process.waitFor(TABLE_ADD.toSeconds(), TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("mink table add " + topic + " did not end within "
          + TABLE_ADD.toSeconds() + " s; its output is in " + output);
    }
    long nanos = System.nanoTime() - started;
    if (process.exitValue() != 0) {
      throw new IllegalStateException("mink table add " + topic + " exited with code "
          + process.exitValue() + ": " + Files.readString(output, UTF_8).trim());
    }
    long childrenCpuAfter = endedChildrenCpuNanos();
    return new TableAdd(
        nanos, childrenCpu < 0 || childrenCpuAfter < 0 ? -1 : childrenCpuAfter - childrenCpu);
  }

  /** The CPU time, user and system, of this JVM's children that ended and were waited for; -1 without /proc. */
  private static long endedChildrenCpuNanos() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      // the fields after the command name in parentheses start with the state (field 3); cutime and
      // cstime are fields 16 and 17
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
      return (Long.parseLong(fields[13]) + Long.parseLong(fields[14]))
          * ResourceMeter.NANOS_PER_TICK;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /**
   * The sidecar's mink.toml: the broker, the deployment's own topics, group and HTTP port, the registry when
   * given; no [lake] block, so the embedded lake in the working directory; every other key Mink's default.
   */
  private static Path writeConfig(
      Path directory, KafkaBroker broker, String name, String registryUrl) {
    String encoder = System.getProperty(ENCODER_PROPERTY);
    String toml = """
        [kafka]
        bootstrap.servers = "%s"

        [indexer]
        tables_topic = "_mink_tables_%s"
        group_id = "mink-%s"
        owners_topic = "_mink_owners_%s"
        status_topic = "_mink_status_%s"
        http_bind_address = "127.0.0.1"
        http_port = %d
        %s%s""".formatted(
            broker.bootstrapServers(),
            name,
            name,
            name,
            name,
            freePort(),
            encoder == null ? "" : "parquet_encoder = \"" + encoder + "\"\n",
            registryUrl == null ? "" : "\n[schema_registry]\nurl = \"" + registryUrl + "\"\n");
    try {
      return Files.writeString(directory.resolve("mink.toml"), toml, UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write mink.toml into " + directory, e);
    }
  }

  /** This JVM's classpath with every entry absolute, as {@link SidecarProcess} gives the sidecar. */
  private static String absoluteClasspath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .map(entry -> Path.of(entry).toAbsolutePath().toString())
        .collect(Collectors.joining(File.pathSeparator));
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot find a free local port for mink serve's HTTP server", e);
    }
  }

  private static Path temporaryDirectory(String name) {
    try {
      return Files.createTempDirectory("mink-vs-connect-" + name);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create a directory for mink serve's files: check that java.io.tmpdir ("
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
}
