package io.mink.bench.scale;

import io.mink.bench.ResourceMeter;
import io.mink.cli.Main;
import io.mink.indexer.config.IndexerSettings;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.testkit.KafkaBroker;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;

/**
 * The scale model: many tables, mostly idle, shared by several {@code mink serve} processes of one group on one
 * broker and one local warehouse. Measures the time from launch until every table is on its schedule, the live heap
 * per table of each instance, each instance's first read of the tables topic, and the tables per instance before and
 * after one instance is killed with SIGKILL, with the time until the killed instance's tables are on their schedule
 * again. Prints the figures beside the aims (docs/benchmarks/scale-model.md).
 */
public final class ScaleModelBenchmark {
  /** Aim: every table on its schedule within this long of the launch. */
  static final Duration AIM_ON_SCHEDULE = Duration.ofSeconds(60);
  /** Aim: at most this much live heap per idle table. */
  static final long AIM_HEAP_PER_TABLE_BYTES = 100 * 1024;

  /**
   * The testkit broker's single-node settings (replication factors of one, fewer partitions of the internal topics),
   * with Kafka's own defaults back for what a deployment of sidecars meets: the group's initial rebalance delay
   * (testkit: 0), the least session timeout (testkit: 500 ms) and time-based retention (testkit: off). Nothing is
   * changed for the number of topics.
   */
  static final Map<String, String> BROKER_PROPERTIES = Map.of(
      "group.initial.rebalance.delay.ms", "3000",
      "group.min.session.timeout.ms", "6000",
      "log.retention.ms", "604800000");

  private static final String TABLES_TOPIC = "_mink_tables";
  private static final String STATUS_TOPIC = "_mink_status";
  private static final Duration SERVING_TIMEOUT = Duration.ofMinutes(5);
  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(10);
  private static final Duration EMPTY_SETTLE = Duration.ofSeconds(15);

  private final ScaleOptions options;
  private final KafkaBroker broker;
  private final Path directory;
  private final PrintStream out;
  private final Random random;
  private final String jvmOptions;
  private final List<ServeInstance> instances = new ArrayList<>();

  private ScaleModelBenchmark(
      ScaleOptions options, KafkaBroker broker, Path directory, PrintStream out) {
    this.options = options;
    this.broker = broker;
    this.directory = directory;
    this.out = out;
    this.random = new Random(options.seed());
    String minkOpts = System.getenv("MINK_OPTS");
    this.jvmOptions = minkOpts == null ? ServeInstance.DEFAULT_OPTIONS : minkOpts;
  }

  public static void main(String[] args) throws Exception {
    Main.useMinkLogging();
    if (List.of(args).contains("-h") || List.of(args).contains("--help")) {
      System.out.println(ScaleOptions.usage());
      System.exit(0);
    }
    ScaleOptions options;
    try {
      options = ScaleOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(ScaleOptions.usage());
      System.exit(2);
      return;
    }
    Path directory = Files.createTempDirectory("mink-scale");
    try (KafkaBroker broker = new KafkaBroker(BROKER_PROPERTIES).start()) {
      new ScaleModelBenchmark(options, broker, directory, System.out).run();
    }
    System.exit(0);
  }

  private void run() throws Exception {
    out.printf(
        Locale.ROOT,
        "scale-model: %,d tables (%,d active at %d records/s each), %d instances of mink serve (%s), seed %d;"
            + " tables added as mink table add%s adds them; files in %s%n",
        options.tables(),
        options.activeTables(),
        options.recordsPerSecond(),
        options.instances(),
        jvmOptions,
        options.seed(),
        options.fromLatest() ? " --from latest" : "",
        directory);
    out.printf("   load average at start: %s%n", ResourceMeter.loadAverages());
    out.println("   broker: in-process KRaft (testkit), Kafka defaults except " + BROKER_PROPERTIES
        + " and the testkit's single-node replication settings");
    out.flush();
    KafkaClientFactory clients = new KafkaClientFactory(
        Map.of(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()),
        "mink-bench-scale");
    LakeSettings lake = LakeSettings.embedded(directory.resolve(LakeSettings.EMBEDDED_DIRECTORY));
    ScaleTables tables;
    try (Admin admin = clients.admin();
        KafkaTableStore store = new KafkaTableStore(clients, TABLES_TOPIC)) {
      store.ensureTopic(admin);
      tables = ScaleTables.create(
          admin,
          clients,
          TABLES_TOPIC,
          new LakeTables(CatalogLoader.load(lake)),
          options.tables(),
          options.activeTables(),
          random,
          options.fromLatest());
    }
    out.printf(
        Locale.ROOT,
        "== setup: %,d topics with %,d partitions in %.1f s; %,d Iceberg tables in %.1f s; %,d descriptors in "
            + "the tables topic in %.1f s%n",
        tables.all().size(),
        tables.partitionCount(),
        tables.times().topics(),
        tables.all().size(),
        tables.times().icebergTables(),
        tables.all().size(),
        tables.times().descriptors());
    out.printf(
        Locale.ROOT,
        "   benchmark JVM (broker): %,d open files (limit %s), %,d memory maps (limit %s)%n",
        ServeInstance.openFiles(ProcessHandle.current().pid()),
        ProcLimits.openFilesLimit(),
        ProcLimits.memoryMaps(),
        ProcLimits.maxMapCount());
    out.flush();

    Path config = writeConfig(lake, "", "");
    Path emptyConfig = writeConfig(lake, "_empty", "empty");
    long emptyHeap = emptyInstanceHeap(emptyConfig);

    Set<String> names =
        tables.all().stream().map(ScaleTables.Table::qualifiedName).collect(Collectors.toSet());
    try (StatusWatch watch = StatusWatch.start(clients, STATUS_TOPIC);
        ActiveProducer producer = ActiveProducer.start(
            broker.newProducer(), tables.active(), options.recordsPerSecond())) {
      StatusWatch.Phase launch = watch.phase(names, null);
      Instant launched = Instant.now();
      for (int number = 1; number <= options.instances(); number++) {
        instances.add(ServeInstance.start(number, config, freePort(), jvmOptions, directory));
      }
      out.printf("== launch: %d instances started at %s%n", options.instances(), launched);
      out.flush();
      for (ServeInstance instance : instances) {
        instance.awaitServing(SERVING_TIMEOUT);
      }
      Duration allOn = await(watch, launch, launched, options.timeout(), null);
      ScaleReport.launch(out, instances, watch, launch, launched, allOn);

      Instant steadyFrom = Instant.now();
      long[] cpuFrom = cpu();
      long ownCpuFrom = ResourceMeter.processCpuNanos();
      long machineFrom = ResourceMeter.machineBusyNanos();
      Thread.sleep(options.steady().toMillis());
      Instant steadyTo = Instant.now();
      ScaleReport.steady(
          out,
          instances,
          watch.roundsFinished(steadyFrom, steadyTo),
          options.tables() / (double) IndexerSettings.defaults().freshness().toSeconds(),
          Duration.between(steadyFrom, steadyTo),
          cpuFrom,
          cpu(),
          ResourceMeter.processCpuNanos() - ownCpuFrom,
          ResourceMeter.machineBusyNanos() - machineFrom,
          producer);

      List<ScaleReport.HeapRow> before = heaps(watch, names, instances);
      ScaleReport.heap(out, "heap after launch", before, emptyHeap);
      ScaleReport.balance(out, "ownership before the kill", watch.tablesByOwner(names), instances);

      ServeInstance victim = instances.get(random.nextInt(instances.size()));
      Set<String> orphaned = new HashSet<>(watch.ownedBy(victim.instanceId()));
      Instant killed = Instant.now();
      victim.kill();
      out.printf(
          Locale.ROOT,
          "== kill: instance %d (%s) killed with SIGKILL at %s, owning %,d tables%n",
          victim.number(),
          victim.instanceId(),
          killed,
          orphaned.size());
      out.flush();
      StatusWatch.Phase takeover = watch.phase(orphaned, victim.instanceId());
      List<ServeInstance> survivors =
          instances.stream().filter(i -> i != victim).toList();
      Duration allBack = await(watch, takeover, killed, options.timeout(), victim);
      ScaleReport.takeover(out, watch, takeover, killed, allBack);
      ScaleReport.balance(out, "ownership after the kill", watch.tablesByOwner(names), survivors);
      List<ScaleReport.HeapRow> after = heaps(watch, names, survivors);
      ScaleReport.heap(out, "heap after the takeover", after, emptyHeap);
      ScaleReport.failures(out, watch);
      ScaleReport.summary(
          out, options, tables, instances, allOn, before, after, emptyHeap, allBack);
    } finally {
      for (ServeInstance instance : instances) {
        instance.close();
      }
    }
  }

  /**
   * Waits until every table of the phase is on its schedule, printing progress; returns the time from {@code from}
   * until the last got there (by the owners' clocks), or null when not all did within {@code timeout}.
   */
  private Duration await(
      StatusWatch watch,
      StatusWatch.Phase phase,
      Instant from,
      Duration timeout,
      ServeInstance dead)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    long nextProgress = System.nanoTime() + PROGRESS_EVERY.toNanos();
    while (watch.onSchedule(phase) < phase.size()) {
      for (ServeInstance instance : instances) {
        if (instance != dead) {
          instance.check();
        }
      }
      if (System.nanoTime() > deadline) {
        out.printf(
            Locale.ROOT,
            "   not every table on its schedule within %d s: %,d of %,d%n",
            timeout.toSeconds(),
            watch.onSchedule(phase),
            phase.size());
        return null;
      }
      if (System.nanoTime() > nextProgress) {
        nextProgress += PROGRESS_EVERY.toNanos();
        out.printf(
            Locale.ROOT,
            "   +%3d s: %,6d of %,d tables taken by an owner, %,6d on their schedule; load %.1f%n",
            Duration.between(from, Instant.now()).toSeconds(),
            watch.owned(phase),
            phase.size(),
            watch.onSchedule(phase),
            ProcLimits.loadAverage());
        out.flush();
      }
      Thread.sleep(250);
    }
    Instant last =
        watch.onScheduleTimes(phase).values().stream().max(Instant::compareTo).orElse(from);
    return Duration.between(from, last);
  }

  /**
   * The live heap of an instance that owns no table: {@code mink serve} on a tables topic with none, in a group of its
   * own, once it serves and has read the topic.
   */
  private long emptyInstanceHeap(Path config) throws InterruptedException {
    try (ServeInstance empty = ServeInstance.start(0, config, freePort(), jvmOptions, directory)) {
      empty.awaitServing(SERVING_TIMEOUT);
      empty.awaitTablesRead(SERVING_TIMEOUT);
      Thread.sleep(EMPTY_SETTLE.toMillis());
      LiveHeap.Reading reading = empty.liveHeap();
      out.printf(
          Locale.ROOT,
          "== an instance with no tables: live heap %.1f MiB after a full collection (metaspace %.1f MiB)%n",
          reading.usedBytes() / 1048576.0,
          reading.metaspaceBytes() / 1048576.0);
      out.flush();
      return reading.usedBytes();
    }
  }

  private static List<ScaleReport.HeapRow> heaps(
      StatusWatch watch, Set<String> names, List<ServeInstance> instances) {
    Map<String, Integer> owned = watch.tablesByOwner(names);
    List<ScaleReport.HeapRow> rows = new ArrayList<>();
    for (ServeInstance instance : instances) {
      LiveHeap.Reading reading = instance.liveHeap();
      rows.add(new ScaleReport.HeapRow(
          instance.number(),
          owned.getOrDefault(instance.instanceId(), 0),
          reading,
          instance.threads(),
          instance.openFiles()));
    }
    return rows;
  }

  private long[] cpu() {
    return instances.stream().mapToLong(ServeInstance::cpuNanos).toArray();
  }

  /**
   * The configuration file every instance reads, as a user writes it: the broker, the lake, the HTTP server on this
   * host only (each instance's port from MINK_INDEXER_HTTP_PORT); Mink's default topics and group, or ones named
   * with {@code suffix} for the instance that owns no table.
   */
  private Path writeConfig(LakeSettings lake, String suffix, String name) throws IOException {
    String topics = suffix.isEmpty() ? "" : """
            tables_topic = "_mink_tables%1$s"
            group_id = "mink-%2$s"
            owners_topic = "_mink_owners%1$s"
            status_topic = "_mink_status%1$s"
            """.formatted(suffix, name);
    String toml = """
        [kafka]
        bootstrap.servers = "%s"

        [lake]
        catalog = "jdbc"
        uri = "%s"
        warehouse = "%s"

        [indexer]
        http_bind_address = "127.0.0.1"
        %s""".formatted(broker.bootstrapServers(), lake.uri(), lake.warehouse(), topics);
    return Files.writeString(directory.resolve("mink" + suffix + ".toml"), toml);
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot find a free port for an instance's HTTP server", e);
    }
  }
}
