package io.mink.bench.tiering;

import io.mink.cli.Main;
import io.mink.lake.LakeOffsets;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.LakeRowCheck;
import io.mink.testkit.SidecarLaunch;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.TestRecords;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * The soak: instances of {@code mink serve} share tables while producers write throughout; a random instance is
 * killed with SIGKILL at a random point (a random moment, inside a commit before or right after the catalog swap,
 * while it takes ownership) and started again, over and over, and the broker is restarted now and then. At the end
 * every table must hold exactly one row per offset of its topic. Prints what was done and the counts.
 */
public final class SoakBenchmark {
  private static final Duration PROGRESS = Duration.ofMinutes(2);
  private static final Duration CATCH_UP = Duration.ofMinutes(5);
  private static final Duration MARKER_WAIT = Duration.ofSeconds(10);
  private static final Duration BROKER_DOWN = Duration.ofSeconds(5);
  private static final String SERVING = "Mink is serving";
  /** Where a kill lands: "" a random moment, else the next line with this text. */
  private static final Map<String, String> KILL_POINTS = new LinkedHashMap<>();

  static {
    KILL_POINTS.put("", "at a random moment");
    KILL_POINTS.put(
        "mink-commit-hook: swapping catalog metadata", "inside a commit, before the catalog swap");
    KILL_POINTS.put(
        "mink-commit-hook: swapped catalog metadata", "inside a commit, right after the swap");
    KILL_POINTS.put("Took ownership partitions", "while taking ownership");
  }

  private final SoakOptions options;
  private final KafkaBroker broker;
  private final MinkDeployment deployment;
  private final Random random;
  private final List<String> topics = new ArrayList<>();
  private final List<Path> configs = new ArrayList<>();
  private final List<SidecarProcess> sidecars = new ArrayList<>();
  private final Map<String, int[]> kills = new LinkedHashMap<>();
  private final AtomicLong batches = new AtomicLong();
  private final AtomicLong failedBatches = new AtomicLong();
  private int launches;

  private SoakBenchmark(SoakOptions options, KafkaBroker broker, MinkDeployment deployment) {
    this.options = options;
    this.broker = broker;
    this.deployment = deployment;
    this.random = new Random(options.seed());
    KILL_POINTS.values().forEach(point -> kills.put(point, new int[2]));
  }

  public static void main(String[] args) throws Exception {
    Main.useMinkLogging();
    if (List.of(args).contains("-h") || List.of(args).contains("--help")) {
      System.out.println(SoakOptions.usage());
      System.exit(0);
    }
    SoakOptions options;
    try {
      options = SoakOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(SoakOptions.usage());
      System.exit(2);
      return;
    }
    Path directory = Files.createTempDirectory("mink-soak");
    try (KafkaBroker broker = new KafkaBroker().start();
        MinkDeployment deployment = MinkDeployment.create(broker, "soak", directory)) {
      System.exit(new SoakBenchmark(options, broker, deployment).run(System.out));
    }
  }

  private int run(PrintStream out) throws Exception {
    out.printf(
        "soak: %d instances, %d tables of %d partitions, %d kills, %d broker restarts, seed %d; logs in %s%n",
        options.instances(),
        options.tables(),
        options.partitions(),
        options.kills(),
        options.brokerRestarts(),
        options.seed(),
        deployment.directory());
    for (int table = 0; table < options.tables(); table++) {
      String topic = "soak-" + table;
      broker.createTopic(topic, options.partitions());
      deployment.addTable(topic, Duration.ofSeconds(1));
      topics.add(topic);
    }
    for (int instance = 1; instance <= options.instances(); instance++) {
      configs.add(deployment.writeConfig(
          instance,
          0,
          Map.of("poll_interval", "\"200ms\"", "writer_threads", "1", "workers", "2")));
      sidecars.add(launch(instance - 1));
    }
    AtomicBoolean producing = new AtomicBoolean(true);
    Thread producer = new Thread(() -> produceUntilStopped(producing), "soak-producer");
    producer.start();
    long started = System.nanoTime();
    int restarts = 0;
    try {
      int every = options.kills() / (options.brokerRestarts() + 1);
      for (int kill = 1; kill <= options.kills(); kill++) {
        killOne(out, kill);
        if (every > 0 && kill % every == 0 && restarts < options.brokerRestarts()) {
          restartBroker(out, ++restarts);
        }
      }
      while (restarts < options.brokerRestarts()) {
        restartBroker(out, ++restarts);
      }
    } finally {
      producing.set(false);
      producer.join();
    }
    long killing = System.nanoTime() - started;
    Map<String, Long> rows = awaitAndCheck(out);
    report(
        out,
        restarts,
        rows,
        Duration.ofNanos(killing),
        Duration.ofNanos(System.nanoTime() - started));
    sidecars.forEach(SidecarProcess::close);
    return 0;
  }

  private void killOne(PrintStream out, int kill) throws Exception {
    awaitProgress();
    int victim = random.nextInt(sidecars.size());
    SidecarProcess sidecar = sidecars.get(victim);
    List<String> points = new ArrayList<>(KILL_POINTS.keySet());
    String point = points.get(random.nextInt(points.size()));
    boolean seen = true;
    if (point.isEmpty()) {
      Thread.sleep(random.nextInt(2_000));
    } else {
      seen = sidecar.awaitNext(point, MARKER_WAIT);
    }
    sidecar.kill();
    kills.get(KILL_POINTS.get(point))[seen ? 0 : 1]++;
    out.printf(
        "kill %d: instance %d %s%s%n",
        kill,
        victim + 1,
        KILL_POINTS.get(point),
        seen ? "" : " (not reached within " + MARKER_WAIT.toSeconds() + " s: killed then)");
    Thread.sleep(random.nextInt(1_000));
    sidecars.set(victim, launch(victim));
  }

  private void restartBroker(PrintStream out, int restart) throws InterruptedException {
    broker.stopServing();
    Thread.sleep(BROKER_DOWN.toMillis());
    broker.startAgain();
    out.printf("broker restart %d: down %d s%n", restart, BROKER_DOWN.toSeconds());
  }

  private SidecarProcess launch(int instance) {
    launches++;
    return SidecarProcess.start(SidecarLaunch.serve(
            "--config", configs.get(instance).toString())
        .withJvmOptions(List.of("-Xmx512m", "-Dmink.fault.commit-pause-ms=100"))
        .withEnvironment(Map.of("MINK_INDEXER_SESSION_TIMEOUT", "2s"))
        .loggingTo(
            deployment.directory().resolve("sidecar-" + (instance + 1) + "-" + launches + ".log")));
  }

  private void produceUntilStopped(AtomicBoolean producing) {
    long seed = 0;
    while (producing.get()) {
      for (String topic : topics) {
        try {
          broker.produce(topic, TestRecords.mixed(seed++, options.batch(), options.partitions()));
          batches.incrementAndGet();
        } catch (RuntimeException e) {
          failedBatches.incrementAndGet();
        }
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** Waits until some table's lake offsets move, so instances do commit between kills. */
  private void awaitProgress() throws InterruptedException {
    Map<String, LakeOffsets> before = offsets();
    long deadline = System.nanoTime() + PROGRESS.toNanos();
    while (offsets().equals(before)) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("No table made progress within " + PROGRESS.toSeconds()
            + " s: see the sidecars' logs in " + deployment.directory());
      }
      Thread.sleep(100);
    }
    while (sidecars.stream().noneMatch(sidecar -> sidecar.printed(SERVING))) {
      Thread.sleep(50);
    }
  }

  private Map<String, LakeOffsets> offsets() {
    Map<String, LakeOffsets> offsets = new LinkedHashMap<>();
    topics.forEach(topic -> offsets.put(topic, deployment.lakeOffsets(deployment.table(topic))));
    return offsets;
  }

  /** Waits for every table to reach its topic's end offsets, then checks each row by row; returns rows per table. */
  private Map<String, Long> awaitAndCheck(PrintStream out) throws InterruptedException {
    Map<String, Map<Integer, Long>> ends = new LinkedHashMap<>();
    topics.forEach(topic -> ends.put(topic, broker.endOffsets(topic)));
    long deadline = System.nanoTime() + CATCH_UP.toNanos();
    for (String topic : topics) {
      TableIdentifier table = deployment.table(topic);
      while (!deployment.lakeOffsets(table).equals(LakeOffsets.of(ends.get(topic)))) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(table + " did not reach " + ends.get(topic) + " within "
              + CATCH_UP.toMinutes() + " min; it is at " + deployment.lakeOffsets(table));
        }
        Thread.sleep(200);
      }
    }
    Map<String, Long> rows = new LinkedHashMap<>();
    for (String topic : topics) {
      rows.put(
          topic,
          LakeRowCheck.verify(deployment.load(deployment.table(topic)), topic, ends.get(topic)));
    }
    out.println("every table reached its topic's end offsets");
    return rows;
  }

  private void report(
      PrintStream out, int restarts, Map<String, Long> rows, Duration killing, Duration total) {
    int killed =
        kills.values().stream().mapToInt(counts -> counts[0] + counts[1]).sum();
    out.printf(
        "%nkills: %d in %d s, each followed by a restart (%d sidecar launches)%n",
        killed, killing.toSeconds(), launches);
    kills.forEach((point, counts) -> out.printf(
        "  %-42s %4d%s%n",
        point,
        counts[0] + counts[1],
        counts[1] == 0
            ? ""
            : " (" + counts[1] + " killed when the point did not come within "
                + MARKER_WAIT.toSeconds() + " s)"));
    out.printf("broker restarts: %d%n", restarts);
    out.printf(
        "produced: %d batches of %d records per topic, %d batches failed while the broker was down%n",
        batches.get(), options.batch(), failedBatches.get());
    out.printf("%n%-10s %12s %6s %11s%n", "table", "rows", "lost", "duplicated");
    rows.forEach((topic, count) -> out.printf("%-10s %,12d %6d %11d%n", topic, count, 0, 0));
    out.printf(
        "%-10s %,12d %6d %11d   (checked row by row: one row per offset)%n",
        "total", rows.values().stream().mapToLong(Long::longValue).sum(), 0, 0);
    out.printf("took %d s%n", total.toSeconds());
  }
}
