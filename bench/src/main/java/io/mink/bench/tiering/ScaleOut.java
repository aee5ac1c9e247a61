package io.mink.bench.tiering;

import io.mink.bench.FetchLimit;
import io.mink.bench.Throughput;
import io.mink.bench.WriteLimit;
import io.mink.indexer.config.IndexerSettings;
import io.mink.testkit.KafkaBroker;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Part 3, throughput with one and with more sidecar instances: one backlog of several tables, indexed by a
 * fresh deployment per instance count (the instances of one deployment share its tables through the ownership
 * group), against the limits of the raw benchmark measured on the same backlog in the same run: (a) one plain
 * consumer reading every topic ({@link FetchLimit}) and (b) Iceberg's Parquet writer with fetch excluded
 * ({@link WriteLimit}), on one thread and on as many as Mink's writer threads, the better of the two.
 */
final class ScaleOut {
  private static final Duration TIMEOUT = Duration.ofMinutes(20);

  /** Records, bytes and time of a limit summed over the topics, which it measures one after the other. */
  private record Limit(
      String name, long records, long bytes, double seconds, MachineLoad.Usage usage) {
    double recordsPerSecond() {
      return records / seconds;
    }

    double megabytesPerSecond() {
      return bytes / 1e6 / seconds;
    }
  }

  private ScaleOut() {}

  static void run(KafkaBroker broker, TieringOptions options, Path directory, PrintStream out)
      throws InterruptedException {
    out.printf(
        Locale.ROOT,
        "== 3 Throughput: %s, by %s sidecar instance(s) of one group (%s)%n",
        options.scale(),
        options.instances(),
        options.sidecarOptions());
    out.flush();
    Backlog backlog = Backlog.produce(broker, "scale", options.scale(), options.valueBytes());
    out.printf(
        Locale.ROOT,
        "   backlog: %,d records, %.1f MB, produced in %.1f s%n",
        backlog.records(),
        backlog.bytes() / 1e6,
        backlog.produceNanos() / 1e9);
    out.flush();

    long targetFileSize = IndexerSettings.defaults().targetFileSizeBytes();
    int lanes = IndexerSettings.defaults().writerThreads();
    // untimed warm-ups: every topic read once (page cache, the consumer's code), one topic written
    // once (the
    // Parquet writer's code), so that neither limit pays for JIT compilation
    measure(
        backlog,
        "fetch warm-up",
        topic -> FetchLimit.read(broker, topic, backlog.ends().get(topic)));
    Limit fetch = print(
        out,
        measure(
            backlog,
            "(a) fetch limit, 1 consumer",
            topic -> FetchLimit.read(broker, topic, backlog.ends().get(topic))));
    String first = backlog.topics().get(0);
    WriteLimit.write(
        broker,
        first,
        backlog.ends().get(first),
        options.valueBytes(),
        lanes,
        targetFileSize,
        Map.of());
    Limit writeOne = print(
        out,
        measure(
            backlog,
            "(b) write limit, 1 thread",
            topic -> WriteLimit.write(
                broker,
                topic,
                backlog.ends().get(topic),
                options.valueBytes(),
                1,
                targetFileSize,
                Map.of())));
    Limit writeLanes = print(
        out,
        measure(
            backlog,
            "(b) write limit, " + lanes + " threads",
            topic -> WriteLimit.write(
                broker,
                topic,
                backlog.ends().get(topic),
                options.valueBytes(),
                lanes,
                targetFileSize,
                Map.of())));
    Limit write =
        writeLanes.recordsPerSecond() >= writeOne.recordsPerSecond() ? writeLanes : writeOne;
    Limit limit = fetch.recordsPerSecond() <= write.recordsPerSecond() ? fetch : write;
    out.printf(
        Locale.ROOT,
        "   limit min(a, b) = %s: %,.0f rec/s, %.1f MB/s%n",
        limit.name(),
        limit.recordsPerSecond(),
        limit.megabytesPerSecond());
    out.flush();

    List<IndexingResult> results = new ArrayList<>();
    for (int instances : options.instances()) {
      out.printf("-- %d instance%s%n", instances, instances == 1 ? "" : "s");
      out.flush();
      try (MinkDeployment deployment =
          MinkDeployment.create(broker, "scale" + instances, directory)) {
        IndexingResult result = BacklogRun.run(
            deployment, backlog, instances, options.sidecarOptions(), Map.of(), TIMEOUT);
        TieringReport.indexing(out, result, options.sidecarMaxHeapBytes());
        out.printf(
            Locale.ROOT,
            "   ratio to the limit min(a, b): %.2f over the rounds, %.2f from launch%n",
            result.recordsPerSecond() / limit.recordsPerSecond(),
            result.recordsPerSecondFromLaunch() / limit.recordsPerSecond());
        out.flush();
        results.add(result);
      }
    }
    out.println("   summary          rec/s rounds   MB/s   ratio   rec/s from launch   ratio");
    out.printf(
        Locale.ROOT,
        "   limit min(a, b) %,12.0f %7.1f %7s%n",
        limit.recordsPerSecond(),
        limit.megabytesPerSecond(),
        "1.00");
    for (int i = 0; i < results.size(); i++) {
      IndexingResult result = results.get(i);
      out.printf(
          Locale.ROOT,
          "   %d instance(s)   %,12.0f %7.1f %7.2f %,19.0f %7.2f%n",
          options.instances().get(i),
          result.recordsPerSecond(),
          result.megabytesPerSecond(),
          result.recordsPerSecond() / limit.recordsPerSecond(),
          result.recordsPerSecondFromLaunch(),
          result.recordsPerSecondFromLaunch() / limit.recordsPerSecond());
    }
    out.flush();
  }

  private static Limit measure(
      Backlog backlog, String name, Function<String, Throughput> perTopic) {
    MachineLoad load = MachineLoad.start();
    long records = 0;
    long bytes = 0;
    long nanos = 0;
    for (String topic : backlog.topics()) {
      Throughput throughput = perTopic.apply(topic);
      records += throughput.records();
      bytes += throughput.bytes();
      nanos += throughput.nanos();
    }
    if (records != backlog.records()) {
      throw new IllegalStateException(name + " handled " + records + " records, not the "
          + backlog.records() + " produced: the measurement is void");
    }
    return new Limit(name, records, bytes, nanos / 1e9, load.read(0));
  }

  private static Limit print(PrintStream out, Limit limit) {
    out.printf(
        Locale.ROOT,
        "   %-30s %,10.0f rec/s %7.1f MB/s in %5.1f s; %s%n",
        limit.name(),
        limit.recordsPerSecond(),
        limit.megabytesPerSecond(),
        limit.seconds(),
        limit.usage());
    out.flush();
    return limit;
  }
}
