package io.mink.bench.tiering;

import io.mink.bench.BenchmarkTopic;
import io.mink.bench.registry.AvroOrderRecords;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.LakeRowCheck;
import io.mink.testkit.TestRecord;
import io.mink.testkit.TestRecords;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * Part 2, lake lag: one sidecar tiers one table per freshness F while a steady producer writes the same rate
 * into each. Per record, lag = the commit time of the first Mink snapshot that covers its offset minus its
 * produce time. A table is due one freshness after its round ended and a round takes what Kafka held when it
 * started, so with rounds of R seconds a record waits between R and F + 2R: p50 about F/2 + 1.5R, p99 about
 * F + 2R. Printed beside the expectation p50 ≈ F/2 + R, p99 ≤ F + R.
 */
final class LakeLag {
  private static final Duration STARTUP = Duration.ofMinutes(2);
  private static final long POOL_SEED = 20_251_202L;
  private static final int POOL_RECORDS = 10_000;

  private LakeLag() {}

  static void run(KafkaBroker broker, TieringOptions options, Path directory, PrintStream out)
      throws InterruptedException {
    List<String> topics = new ArrayList<>();
    Map<String, Duration> freshness = new LinkedHashMap<>();
    for (int i = 0; i < options.lagFreshness().size(); i++) {
      String topic = "lag-" + i;
      broker.createTopic(topic, options.lagPartitions(), BenchmarkTopic.TOPIC_CONFIGS);
      topics.add(topic);
      freshness.put(topic, options.lagFreshness().get(i));
    }
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.start();
        MinkDeployment deployment = MinkDeployment.create(broker, "lag", directory)) {
      List<TestRecord> pool = pool(options, topics, registry, deployment);
      double bytesPerRecord = pool.stream()
          .mapToLong(r -> r.key().length + r.value().length + headerBytes(r))
          .average()
          .orElseThrow();
      int rate = options.lagMegabytesPerSecond() > 0
          ? (int) Math.round(options.lagMegabytesPerSecond() * 1e6 / bytesPerRecord / topics.size())
          : options.lagRate();
      out.printf(
          Locale.ROOT,
          "== 2 Lake lag: %d table(s) of %d partitions, freshness %s, %s records of %.0f B on "
              + "average, %,d records/s into each (%.1f MB/s in all) for %d s, one sidecar (%s)%n",
          topics.size(),
          options.lagPartitions(),
          options.lagFreshness().stream().map(TieringReport::duration).toList(),
          options.lagFormat() == TieringOptions.LagFormat.AVRO
              ? "Avro orders (Confluent wire format, decoded through the fake registry)"
              : "raw",
          bytesPerRecord,
          rate,
          rate * topics.size() * bytesPerRecord / 1e6,
          options.lagDuration().toSeconds(),
          options.sidecarOptions());
      out.flush();
      Map<String, TableIdentifier> tables = new LinkedHashMap<>();
      for (String topic : topics) {
        tables.put(topic, deployment.addTable(topic, freshness.get(topic)));
      }
      int port = MinkDeployment.freePort();
      MachineLoad load = MachineLoad.start();
      try (SidecarInstance sidecar = SidecarInstance.start(
              1,
              deployment.writeConfig(1, port, Map.of()),
              options.sidecarOptions(),
              deployment.directory());
          HeapMetrics metrics = HeapMetrics.start(port, 1)) {
        sidecar.awaitServing(STARTUP);
        awaitOwned(sidecar, tables.values());
        long started = System.nanoTime();
        RateProducer producer = RateProducer.run(
            broker, topics, options.lagPartitions(), rate, options.lagDuration(), pool);
        double produceSeconds = (System.nanoTime() - started) / 1e9;
        Duration longest =
            options.lagFreshness().stream().max(Duration::compareTo).orElseThrow();
        awaitCaughtUp(
            broker, deployment, tables, sidecar, longest.multipliedBy(3).plusMinutes(2));
        MachineLoad.Usage usage = load.read(sidecar.cpuNanos());
        List<CommitLine> commits = sidecar.commits();
        sidecar.stop();
        long steadyFrom = producer.startedAtMillis() + options.lagWarmup().toMillis();
        for (String topic : topics) {
          TableIdentifier table = tables.get(topic);
          List<MinkSnapshot> snapshots = deployment.minkSnapshots(table);
          List<CommitLine> rounds = commits.stream()
              .filter(c -> c.table().equals(table.toString()) && c.rows() > 0)
              .toList();
          long rows = LakeRowCheck.verify(deployment.load(table), topic, broker.endOffsets(topic));
          out.printf(
              Locale.ROOT,
              "   %s, freshness F = %s: %,d records at %,.0f rec/s, all read back (one row per "
                  + "offset: %,d rows); %d rounds with rows, a commit every %.2f s on average%n",
              table,
              TieringReport.duration(freshness.get(topic)),
              producer.records(topic),
              producer.records(topic) / produceSeconds,
              rows,
              rounds.size(),
              meanInterval(snapshots));
          Map<Integer, long[]> timestamps = producer.timestamps().get(topic);
          report(
              out,
              "all records",
              freshness.get(topic),
              LagStats.of(timestamps, snapshots),
              rounds,
              false);
          report(
              out,
              "after the first " + TieringReport.duration(options.lagWarmup()),
              freshness.get(topic),
              LagStats.of(timestamps, snapshots, steadyFrom),
              rounds.stream()
                  .filter(c -> c.receivedAtMillis() - c.durationMillis() >= steadyFrom)
                  .toList(),
              true);
        }
        TieringReport.heap(
            out,
            "sidecar",
            List.of(sidecar.gc()),
            metrics.peakBytes(),
            metrics.samples(),
            options.sidecarMaxHeapBytes());
        out.println("   " + usage);
        out.flush();
      }
    }
  }

  /**
   * The records the producer cycles through: raw sized records, or Avro orders whose schemas are registered
   * under every topic's subjects (schema ids are the registry's, not a subject's, so one pool serves every
   * topic), with the sidecars decoding through the registry.
   */
  private static List<TestRecord> pool(
      TieringOptions options,
      List<String> topics,
      FakeSchemaRegistry registry,
      MinkDeployment deployment) {
    if (options.lagFormat() == TieringOptions.LagFormat.RAW) {
      return TestRecords.sized(POOL_SEED, POOL_RECORDS, options.valueBytes(), 1);
    }
    AvroOrderRecords orders = null;
    for (String topic : topics) {
      orders = AvroOrderRecords.register(registry, topic);
    }
    deployment.useSchemaRegistry(registry.url());
    return orders.records(POOL_SEED, POOL_RECORDS);
  }

  private static long headerBytes(TestRecord record) {
    return record.headers().stream()
        .mapToLong(h -> h.key().length() + h.value().length)
        .sum();
  }

  private static double meanInterval(List<MinkSnapshot> snapshots) {
    long sum = 0;
    for (int i = 1; i < snapshots.size(); i++) {
      sum += snapshots.get(i).timestampMillis() - snapshots.get(i - 1).timestampMillis();
    }
    return snapshots.size() < 2 ? 0 : sum / 1e3 / (snapshots.size() - 1);
  }

  /** One set of records' lag and its rounds' time R; with {@code judge}, the lag against the expectation. */
  private static void report(
      PrintStream out,
      String records,
      Duration freshness,
      LagStats lag,
      List<CommitLine> rounds,
      boolean judge) {
    double f = freshness.toMillis() / 1e3;
    double meanRound =
        rounds.stream().mapToLong(CommitLine::durationMillis).average().orElse(0) / 1e3;
    double maxRound =
        rounds.stream().mapToLong(CommitLine::durationMillis).max().orElse(0) / 1e3;
    double p50 = lag.percentileMillis(0.50) / 1e3;
    double p99 = lag.percentileMillis(0.99) / 1e3;
    out.printf(
        Locale.ROOT,
        "     %-22s lag p50 %5.2f s, p99 %5.2f s, max %5.2f s (min %.2f s; %,d records); "
            + "round time R mean %.2f s, max %.2f s (%d rounds)%n",
        records + ":",
        p50,
        p99,
        lag.maxMillis() / 1e3,
        lag.minMillis() / 1e3,
        lag.records(),
        meanRound,
        maxRound,
        rounds.size());
    if (judge) {
      out.printf(
          Locale.ROOT,
          "     expectation: p50 ≈ F/2 + R = %.2f s (measured %+.2f s); p99 ≤ F + R = %.2f s "
              + "(R max): %s (%+.2f s)%n",
          f / 2 + meanRound,
          p50 - (f / 2 + meanRound),
          f + maxRound,
          p99 <= f + maxRound ? "holds" : "DOES NOT HOLD",
          p99 - (f + maxRound));
      out.printf(
          Locale.ROOT,
          "     the schedule's model (due F after a round ends; a round takes what Kafka held at "
              + "its start): lag in [R, F + 2R], p50 ≈ F/2 + 1.5R = %.2f s, p99 ≈ F + 2R = %.2f s%n",
          f / 2 + 1.5 * meanRound,
          f + 2 * meanRound);
    }
    out.flush();
  }

  /** Waits until the sidecar has taken every table (it logs "Indexing topic T into table X every F"). */
  private static void awaitOwned(SidecarInstance sidecar, Iterable<TableIdentifier> tables)
      throws InterruptedException {
    long deadline = System.nanoTime() + STARTUP.toNanos();
    for (TableIdentifier table : tables) {
      while (sidecar.ownedTables().stream()
          .noneMatch(line -> line.contains(" into table " + table + " "))) {
        sidecar.check();
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("The sidecar did not take table " + table + " within "
              + STARTUP.toSeconds() + "s; its last lines:\n" + sidecar.tail());
        }
        Thread.sleep(100);
      }
    }
  }

  private static void awaitCaughtUp(
      KafkaBroker broker,
      MinkDeployment deployment,
      Map<String, TableIdentifier> tables,
      SidecarInstance sidecar,
      Duration timeout)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    for (Map.Entry<String, TableIdentifier> table : tables.entrySet()) {
      LakeOffsets end = LakeOffsets.of(broker.endOffsets(table.getKey()));
      while (!deployment.lakeOffsets(table.getValue()).equals(end)) {
        sidecar.check();
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(
              "Table " + table.getValue() + " did not reach " + end + " within "
                  + timeout.toSeconds() + "s of the producer's end; it is at "
                  + deployment.lakeOffsets(table.getValue()) + "; the sidecar's last lines:\n"
                  + sidecar.tail());
        }
        Thread.sleep(500);
      }
    }
  }
}
