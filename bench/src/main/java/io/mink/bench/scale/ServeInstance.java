package io.mink.bench.scale;

import io.mink.bench.ResourceMeter;
import io.mink.testkit.SidecarLaunch;
import io.mink.testkit.SidecarProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One {@code mink serve} of the scale model, in a JVM of its own started as {@code bin/mink serve --config FILE}
 * starts it: the same configuration file for every instance, the HTTP port from {@code MINK_INDEXER_HTTP_PORT}, the
 * JVM options of {@code MINK_OPTS} ({@code -Xmx1g -XX:+ExitOnOutOfMemoryError} unless set, as {@code bin/mink}).
 * Its output goes to a file and is watched for its instance id and its first read of the tables topic.
 */
final class ServeInstance implements AutoCloseable {
  /** {@code bin/mink serve}'s JVM options when MINK_OPTS is not set. */
  static final String DEFAULT_OPTIONS = "-Xmx1g -XX:+ExitOnOutOfMemoryError";

  private static final Pattern INSTANCE_ID = Pattern.compile("this is instance ([^;\\s]+)");
  private static final Pattern TABLES_READ =
      Pattern.compile("Read the tables topic in (\\d+) ms \\(added tables: (\\d+)\\)");

  private final int number;
  private final long launchedAtMillis;
  private final CountDownLatch serving = new CountDownLatch(1);
  private volatile String instanceId;
  private volatile long servingAtMillis = -1;
  private volatile long tablesReadMillis = -1;
  private volatile int tablesRead = -1;
  private volatile long tablesReadAtMillis = -1;
  private volatile String outOfMemory;
  private SidecarProcess process;

  private ServeInstance(int number, long launchedAtMillis) {
    this.number = number;
    this.launchedAtMillis = launchedAtMillis;
  }

  /** Starts instance {@code number} (from 1); its output goes to {@code directory}/serve-N.log. */
  static ServeInstance start(
      int number, Path config, int httpPort, String jvmOptions, Path directory) {
    List<String> options = new ArrayList<>();
    for (String flag : jvmOptions.trim().split("\\s+")) {
      if (!flag.isEmpty()) {
        options.add(flag);
      }
    }
    options.add("-Xlog:gc:file=" + directory.resolve("gc-" + number + ".log"));
    ServeInstance instance = new ServeInstance(number, System.currentTimeMillis());
    instance.process = SidecarProcess.start(SidecarLaunch.serve("--config", config.toString())
        .withJvmOptions(options)
        .withEnvironment(Map.of("MINK_INDEXER_HTTP_PORT", Integer.toString(httpPort)))
        .loggingTo(directory.resolve("serve-" + number + ".log"))
        .onLine(instance::watch));
    return instance;
  }

  private void watch(String line) {
    long now = System.currentTimeMillis();
    Matcher id = INSTANCE_ID.matcher(line);
    if (instanceId == null && line.contains("Mink is serving") && id.find()) {
      instanceId = id.group(1);
      servingAtMillis = now;
      serving.countDown();
    }
    Matcher read = TABLES_READ.matcher(line);
    if (tablesReadMillis < 0 && read.find()) {
      tablesRead = Integer.parseInt(read.group(2));
      tablesReadMillis = Long.parseLong(read.group(1));
      tablesReadAtMillis = now;
    }
    if (line.contains("OutOfMemoryError")) {
      outOfMemory = line;
    }
  }

  int number() {
    return number;
  }

  long pid() {
    return process.pid();
  }

  /** Its id as it printed it (host:pid:random), the owner its tables' statuses name; null before it serves. */
  String instanceId() {
    return instanceId;
  }

  long launchedAtMillis() {
    return launchedAtMillis;
  }

  long servingAtMillis() {
    return servingAtMillis;
  }

  /** How long its first read of the tables topic took, as it logged it; -1 before. */
  long tablesReadMillis() {
    return tablesReadMillis;
  }

  /** The tables its first read of the tables topic found; -1 before. */
  int tablesRead() {
    return tablesRead;
  }

  /** When the benchmark read the line of its first read of the tables topic; -1 before. */
  long tablesReadAtMillis() {
    return tablesReadAtMillis;
  }

  /** Waits until it serves; fails with its last lines when it does not in time or exits. */
  void awaitServing(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!serving.await(200, TimeUnit.MILLISECONDS)) {
      check();
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("mink serve instance " + number
            + " did not start serving within " + timeout.toSeconds() + "s; its last lines:\n"
            + process.tail());
      }
    }
  }

  /** Waits until it logged its first read of the tables topic; false when it did not in time. */
  boolean awaitTablesRead(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (tablesReadMillis < 0) {
      check();
      if (System.nanoTime() > deadline) {
        return false;
      }
      Thread.sleep(100);
    }
    return true;
  }

  /** Fails loudly when it ran out of memory or exited; does nothing while it runs. */
  void check() {
    if (outOfMemory != null) {
      throw new IllegalStateException("OutOfMemoryError in mink serve instance " + number + ": "
          + outOfMemory + "\nits last lines:\n" + process.tail());
    }
    if (!process.isAlive()) {
      throw new IllegalStateException("mink serve instance " + number + " exited with code "
          + process.exitValue() + "; its last lines:\n" + process.tail());
    }
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** SIGKILL: no shutdown hook, no leaving the group; its tables move once its session times out. */
  void kill() throws InterruptedException {
    process.kill();
  }

  /** The heap in use right after a full collection it was asked for, from {@code jcmd}. */
  LiveHeap.Reading liveHeap() {
    return LiveHeap.read(process.pid());
  }

  /** Its CPU time so far (user and system), from /proc; -1 where unknown. */
  long cpuNanos() {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
      return (Long.parseLong(fields[11]) + Long.parseLong(fields[12]))
          * ResourceMeter.NANOS_PER_TICK;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** Its live threads, from /proc; -1 where unknown. */
  int threads() {
    try {
      for (String line :
          Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
        if (line.startsWith("Threads:")) {
          return Integer.parseInt(line.substring("Threads:".length()).trim());
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }

  /** Its open file descriptors (files and sockets), from /proc; -1 where unknown. */
  long openFiles() {
    return openFiles(process.pid());
  }

  /** A process's open file descriptors, from /proc; -1 where unknown. */
  static long openFiles(long pid) {
    try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
      return fds.count();
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  String tail() {
    return process.tail();
  }

  @Override
  public void close() {
    process.close();
  }
}
