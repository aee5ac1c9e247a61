package io.mink.bench.tiering;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.testkit.LakeRowCheck;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * Sidecars index a backlog: the backlog's topics are added as tables of a fresh deployment, {@code instances}
 * {@code mink serve} processes are launched at once (one group: they share the tables through the ownership
 * group), and the run waits until every table's newest Mink snapshot carries its topic's end offsets. Then the
 * sidecars are stopped with SIGTERM and every table is read back (one row per offset).
 *
 * <p>Timing comes from the lake: the run ends at the commit time of the last table's catching-up snapshot; the
 * indexing starts at the earliest round start, a table's first Mink snapshot's commit time minus that round's
 * duration as its sidecar logged it. Launching the JVMs, joining the group and opening the catalog come before
 * that and are shown apart.
 */
final class BacklogRun {
  private static final Duration STARTUP = Duration.ofMinutes(2);
  private static final Duration POLL = Duration.ofSeconds(1);

  private BacklogRun() {}

  /**
   * Adds the backlog's topics as tables and indexes them with {@code instances} sidecars numbered from 1.
   *
   * @param indexer extra [indexer] keys of every sidecar's mink.toml (TOML values: numbers bare, strings quoted)
   * @param timeout how long the sidecars may take to catch up before the run fails
   */
  static IndexingResult run(
      MinkDeployment deployment,
      Backlog backlog,
      int instances,
      String jvmOptions,
      Map<String, String> indexer,
      Duration timeout)
      throws InterruptedException {
    for (String topic : backlog.topics()) {
      deployment.addTable(topic, Duration.ofMinutes(3));
    }
    return index(deployment, backlog, 1, instances, jvmOptions, indexer, timeout);
  }

  /**
   * Indexes a backlog whose topics are tables of the deployment already, with {@code instances} sidecars
   * numbered from {@code firstInstance} (so that their logs do not overwrite those of an earlier launch).
   */
  static IndexingResult index(
      MinkDeployment deployment,
      Backlog backlog,
      int firstInstance,
      int instances,
      String jvmOptions,
      Map<String, String> indexer,
      Duration timeout)
      throws InterruptedException {
    Map<TableIdentifier, Map<Integer, Long>> tables = new LinkedHashMap<>();
    for (String topic : backlog.topics()) {
      tables.put(deployment.table(topic), backlog.ends().get(topic));
    }
    List<SidecarInstance> sidecars = new ArrayList<>();
    List<HeapMetrics> metrics = new ArrayList<>();
    MachineLoad load = MachineLoad.start();
    try {
      for (int instance = firstInstance; instance < firstInstance + instances; instance++) {
        int port = MinkDeployment.freePort();
        sidecars.add(SidecarInstance.start(
            instance,
            deployment.writeConfig(instance, port, indexer),
            jvmOptions,
            deployment.directory()));
        metrics.add(HeapMetrics.start(port, instance));
      }
      for (SidecarInstance sidecar : sidecars) {
        sidecar.awaitServing(STARTUP);
      }
      Map<TableIdentifier, MinkSnapshot> caughtUp =
          awaitCaughtUp(deployment, tables, sidecars, timeout);
      long sidecarCpu = 0;
      for (SidecarInstance sidecar : sidecars) {
        long cpu = sidecar.cpuNanos();
        sidecarCpu = cpu < 0 || sidecarCpu < 0 ? -1 : sidecarCpu + cpu;
      }
      MachineLoad.Usage usage = load.read(sidecarCpu);
      for (SidecarInstance sidecar : sidecars) {
        sidecar.stop();
      }
      metrics.forEach(HeapMetrics::close);
      return result(deployment, backlog, tables, caughtUp, sidecars, metrics, usage);
    } finally {
      metrics.forEach(HeapMetrics::close);
      for (SidecarInstance sidecar : sidecars) {
        sidecar.close();
      }
    }
  }

  private static Map<TableIdentifier, MinkSnapshot> awaitCaughtUp(
      MinkDeployment deployment,
      Map<TableIdentifier, Map<Integer, Long>> tables,
      List<SidecarInstance> sidecars,
      Duration timeout)
      throws InterruptedException {
    Map<TableIdentifier, MinkSnapshot> caughtUp = new HashMap<>();
    long deadline = System.nanoTime() + timeout.toNanos();
    while (caughtUp.size() < tables.size()) {
      for (SidecarInstance sidecar : sidecars) {
        sidecar.check();
      }
      for (Map.Entry<TableIdentifier, Map<Integer, Long>> table : tables.entrySet()) {
        if (!caughtUp.containsKey(table.getKey())) {
          LakeOffsets target = LakeOffsets.of(table.getValue());
          deployment.minkSnapshots(table.getKey()).stream()
              .filter(snapshot -> snapshot.offsets().equals(target))
              .findFirst()
              .ifPresent(snapshot -> caughtUp.put(table.getKey(), snapshot));
        }
      }
      if (caughtUp.size() == tables.size()) {
        break;
      }
      if (System.nanoTime() > deadline) {
        StringBuilder behind = new StringBuilder();
        tables.forEach((identifier, ends) -> {
          if (!caughtUp.containsKey(identifier)) {
            behind
                .append("\n  ")
                .append(identifier)
                .append(" at ")
                .append(deployment.lakeOffsets(identifier))
                .append(", end offsets ")
                .append(LakeOffsets.of(ends));
          }
        });
        throw new IllegalStateException("The sidecars did not index the backlog within "
            + timeout.toMinutes() + " min; tables behind:" + behind
            + "\nlast lines of instance 1:\n" + sidecars.get(0).tail());
      }
      Thread.sleep(POLL.toMillis());
    }
    return caughtUp;
  }

  private static IndexingResult result(
      MinkDeployment deployment,
      Backlog backlog,
      Map<TableIdentifier, Map<Integer, Long>> tables,
      Map<TableIdentifier, MinkSnapshot> caughtUp,
      List<SidecarInstance> sidecars,
      List<HeapMetrics> metrics,
      MachineLoad.Usage usage) {
    List<CommitLine> commits = new ArrayList<>();
    sidecars.forEach(sidecar -> commits.addAll(sidecar.commits()));
    long firstRoundStart = Long.MAX_VALUE;
    long lastCommit = Long.MIN_VALUE;
    int snapshots = 0;
    Map<Integer, TreeSet<String>> tablesByInstance = new TreeMap<>();
    for (TableIdentifier identifier : tables.keySet()) {
      List<MinkSnapshot> minkSnapshots = deployment.minkSnapshots(identifier);
      snapshots += minkSnapshots.size();
      lastCommit = Math.max(lastCommit, caughtUp.get(identifier).timestampMillis());
      for (MinkSnapshot snapshot : minkSnapshots) {
        for (CommitLine commit : commits) {
          if (commit.table().equals(identifier.toString())
              && commit.offsets().equals(snapshot.offsets())) {
            firstRoundStart =
                Math.min(firstRoundStart, snapshot.timestampMillis() - commit.durationMillis());
            tablesByInstance
                .computeIfAbsent(commit.instance(), i -> new TreeSet<>())
                .add(identifier.name());
          }
        }
      }
    }
    long launched =
        sidecars.stream().mapToLong(SidecarInstance::launchedAtMillis).min().orElseThrow();
    long serving =
        sidecars.stream().mapToLong(SidecarInstance::servingAtMillis).max().orElseThrow();
    long owning =
        sidecars.stream().mapToLong(SidecarInstance::ownershipAtMillis).max().orElseThrow();
    List<Long> scheduled = new ArrayList<>();
    sidecars.forEach(sidecar -> scheduled.addAll(sidecar.scheduledAtMillis()));
    scheduled.sort(null);
    long allScheduled = scheduled.size() < tables.size() ? -1 : scheduled.get(tables.size() - 1);
    if (firstRoundStart == Long.MAX_VALUE) {
      firstRoundStart = serving;
    }
    long verifyStarted = System.nanoTime();
    long rows = 0;
    for (Map.Entry<TableIdentifier, Map<Integer, Long>> table : tables.entrySet()) {
      rows += LakeRowCheck.verify(
          deployment.load(table.getKey()), table.getKey().name(), table.getValue());
    }
    double verifySeconds = (System.nanoTime() - verifyStarted) / 1e9;
    List<IndexingResult.Instance> instances = new ArrayList<>();
    for (int i = 0; i < sidecars.size(); i++) {
      SidecarInstance sidecar = sidecars.get(i);
      long instanceRows = commits.stream()
          .filter(c -> c.instance() == sidecar.instance())
          .mapToLong(CommitLine::rows)
          .sum();
      instances.add(new IndexingResult.Instance(
          sidecar.instance(),
          sidecar.gc(),
          metrics.get(i).peakBytes(),
          metrics.get(i).samples(),
          List.copyOf(tablesByInstance.getOrDefault(sidecar.instance(), new TreeSet<>())),
          instanceRows,
          sidecar.sawOutOfMemory()));
    }
    long forceFinished = commits.stream().filter(CommitLine::forceFinished).count();
    return new IndexingResult(
        backlog.records(),
        backlog.bytes(),
        rows,
        launched,
        serving,
        owning,
        allScheduled,
        firstRoundStart,
        lastCommit,
        snapshots,
        (int) forceFinished,
        instances,
        usage,
        verifySeconds);
  }
}
