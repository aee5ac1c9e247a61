package io.mink.bench.tiering;

import io.mink.testkit.SidecarLaunch;
import io.mink.testkit.SidecarProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One instance of the benchmark's deployment: {@code mink serve} in a JVM of its own ({@link SidecarProcess}),
 * started with the benchmark's own classpath (which holds Mink's CLI and its libraries). Its output goes to a
 * transcript file and is watched line by line: when it serves, each round it commits, and any OutOfMemoryError.
 * The JVM writes its GC log to a file ({@link GcLog}) and exits at the first OutOfMemoryError
 * ({@code -XX:+ExitOnOutOfMemoryError}), so an out-of-memory sidecar can never go on looking healthy.
 */
final class SidecarInstance implements AutoCloseable {
  private static final String SERVING = "Mink is serving";
  /** GroupMembership's line when the instance got its first ownership partitions. */
  private static final String TOOK_OWNERSHIP = "Took ownership partitions";

  private final int instance;
  private final Path gcLog;
  private final long launchedAtMillis;
  private final CountDownLatch serving = new CountDownLatch(1);
  private final List<CommitLine> commits = new ArrayList<>();
  private final List<String> ownedTables = new ArrayList<>();
  private final List<Long> scheduledAtMillis = new ArrayList<>();
  private volatile long servingAtMillis = -1;
  private volatile long ownershipAtMillis = -1;
  private volatile String outOfMemory;
  private SidecarProcess process;

  private SidecarInstance(int instance, Path gcLog, long launchedAtMillis) {
    this.instance = instance;
    this.gcLog = gcLog;
    this.launchedAtMillis = launchedAtMillis;
  }

  /**
   * Starts instance {@code instance} (from 1) with {@code config}; its GC log and transcript go to
   * {@code directory} as gc-N.log and sidecar-N.log.
   */
  static SidecarInstance start(int instance, Path config, String jvmOptions, Path directory) {
    Path gcLog = directory.resolve("gc-" + instance + ".log");
    List<String> options = new ArrayList<>();
    for (String flag : jvmOptions.trim().split("\\s+")) {
      if (!flag.isEmpty()) {
        options.add(flag);
      }
    }
    options.addAll(List.of("-XX:+ExitOnOutOfMemoryError", "-Xlog:gc:file=" + gcLog));
    SidecarInstance sidecar = new SidecarInstance(instance, gcLog, System.currentTimeMillis());
    sidecar.process = SidecarProcess.start(SidecarLaunch.serve("--config", config.toString())
        .withJvmOptions(options)
        .loggingTo(directory.resolve("sidecar-" + instance + ".log"))
        .onLine(sidecar::watch));
    return sidecar;
  }

  private void watch(String line) {
    long now = System.currentTimeMillis();
    synchronized (this) {
      CommitLine.parse(instance, line, now).ifPresent(commits::add);
      int indexing = line.indexOf("Indexing topic ");
      if (indexing >= 0) {
        ownedTables.add(line.substring(indexing));
        scheduledAtMillis.add(now);
      }
    }
    if (line.contains("OutOfMemoryError")) {
      outOfMemory = line;
    }
    if (line.contains(TOOK_OWNERSHIP) && ownershipAtMillis < 0) {
      ownershipAtMillis = now;
    }
    if (line.contains(SERVING) && servingAtMillis < 0) {
      servingAtMillis = now;
      serving.countDown();
    }
  }

  int instance() {
    return instance;
  }

  long pid() {
    return process.pid();
  }

  long launchedAtMillis() {
    return launchedAtMillis;
  }

  /** When it printed that it serves, -1 before. */
  long servingAtMillis() {
    return servingAtMillis;
  }

  /** When it first took ownership partitions (joined the group), -1 before. */
  long ownershipAtMillis() {
    return ownershipAtMillis;
  }

  /** Waits until it serves; fails with its last lines when it does not in time or exits. */
  void awaitServing(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!serving.await(200, TimeUnit.MILLISECONDS)) {
      check();
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "mink serve instance " + instance + " did not start serving within "
                + timeout.toSeconds() + "s; its last lines:\n" + tail());
      }
    }
  }

  /** Fails loudly when the sidecar ran out of memory or exited; does nothing while it runs fine. */
  void check() {
    if (outOfMemory != null) {
      throw new IllegalStateException("OutOfMemoryError in mink serve instance " + instance + ": "
          + outOfMemory + "\nits last lines:\n" + tail());
    }
    if (!process.isAlive()) {
      throw new IllegalStateException(
          "mink serve instance " + instance + " exited with code " + process.exitValue()
              + " (3 and 'Terminating due to java.lang.OutOfMemoryError' above: out of memory); its last lines:\n"
              + tail());
    }
  }

  boolean sawOutOfMemory() {
    return outOfMemory != null;
  }

  synchronized List<CommitLine> commits() {
    return List.copyOf(commits);
  }

  /** The "Indexing topic ... into table ..." lines: the tables it took. */
  synchronized List<String> ownedTables() {
    return List.copyOf(ownedTables);
  }

  /** When each of the "Indexing topic ..." lines was read, in order. */
  synchronized List<Long> scheduledAtMillis() {
    return List.copyOf(scheduledAtMillis);
  }

  String tail() {
    return process.tail();
  }

  /** The process's CPU time so far (user and system), from /proc; -1 where unknown. */
  long cpuNanos() {
    return MachineLoad.processCpuNanos(process.pid());
  }

  GcLog gc() {
    return GcLog.read(gcLog);
  }

  /**
   * Stops it the way an operator does, SIGTERM, and waits for it to leave; kills it if it does not within
   * 30 s. Returns its exit code.
   */
  int stop() throws InterruptedException {
    return process.stop();
  }

  /** Stops it if it still runs; an interrupt kills it at once. */
  @Override
  public void close() {
    process.close();
  }
}
