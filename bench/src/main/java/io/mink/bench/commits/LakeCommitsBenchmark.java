package io.mink.bench.commits;

import io.mink.indexer.config.Durations;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.SnapshotRetention;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.maintenance.MaintenanceReport;
import io.mink.lake.maintenance.TableMaintenance;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * bench/lake-commits (docs/benchmarks/lake-commits.md): commits many small rounds to a table of
 * the embedded catalog through Mink's commit path, with the sidecar's maintenance after each, and
 * prints commit time and metadata size at round 10, 1,000 and the last; then the same without
 * maintenance, as tables were before it, for fewer rounds.
 */
public final class LakeCommitsBenchmark {
  private static final String ROW = "%8s %9s %9s %9s %9s %13s %9s %9s %13s %10s%n";
  private static final Duration FRESHNESS = Duration.ofSeconds(10);

  private LakeCommitsBenchmark() {}

  /** Arguments: [rounds (10000)] [rounds without maintenance (2000)]. */
  public static void main(String[] args) throws IOException {
    if (System.getProperty("log4j2.configurationFile") == null) {
      System.setProperty("log4j2.configurationFile", "mink-log4j2.xml");
    }
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    int baselineRounds = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
    String retention = System.getProperty("mink.bench.retention", "20s");
    int partitions = Integer.getInteger("mink.bench.partitions", 3);
    int rowsPerPartition = Integer.getInteger("mink.bench.rows", 5);
    Duration orphanScans = Duration.ofMinutes(1);
    PrintStream out = System.out;
    Path directory = Files.createTempDirectory("mink-lake-commits");
    try {
      LakeTables lake = new LakeTables(CatalogLoader.load(LakeSettings.embedded(directory)));
      out.printf(
          "== Mink lake commits benchmark: rounds of %d partitions x %d rows (one file per partition),"
              + " committed one after the other to the embedded catalog (JDBC on SQLite) in %s%n",
          partitions, rowsPerPartition, directory);
      out.printf(
          "with maintenance as the sidecar runs it after each commit: mink.snapshot-retention=%s, "
              + "orphan scan every %ds; %,d rounds%n",
          Durations.format(SnapshotRetention.parse(retention)), orphanScans.toSeconds(), rounds);
      Table maintained = lake.create(
          TableIdentifier.of("bench", "maintained"),
          MinkTableLayout.properties(
              "bench", null, 128L << 20, Map.of("snapshot-retention", retention)));
      CommitSeries withMaintenance = new CommitSeries(
          maintained,
          partitions,
          rowsPerPartition,
          Optional.of(new TableMaintenance(Clock.systemUTC(), orphanScans)),
          FRESHNESS);
      List<CommitSeries.Checkpoint> kept = run(withMaintenance, rounds, out);
      MaintenanceReport done = withMaintenance.maintained();
      out.printf(
          "maintenance: %,d snapshots expired, %,d files deleted with them, %,d orphan files, %d failures%n%n",
          done.expiredSnapshots(), done.deletedFiles(), done.orphanFiles(), done.failures());
      out.printf(
          "without maintenance, as tables were before it (no expiry, manifests never merged, every metadata "
              + "file kept); %,d rounds%n",
          baselineRounds);
      Table unmaintained =
          lake.create(TableIdentifier.of("bench", "unmaintained"), unmaintainedProperties());
      List<CommitSeries.Checkpoint> grown = run(
          new CommitSeries(unmaintained, partitions, rowsPerPartition, Optional.empty(), FRESHNESS),
          baselineRounds,
          out);
      out.println(summary(kept, grown));
    } finally {
      delete(directory);
    }
  }

  private static List<CommitSeries.Checkpoint> run(
      CommitSeries series, int rounds, PrintStream out) {
    out.printf(
        ROW,
        "ROUND",
        "COMMIT50",
        "COMMIT99",
        "MAINT50",
        "MAINT99",
        "METADATA.JSON",
        "SNAPSHOTS",
        "MANIFESTS",
        "METADATA FILES",
        "DATA FILES");
    List<CommitSeries.Checkpoint> checkpoints = new ArrayList<>();
    series.run(rounds, checkpoints(rounds), checkpoint -> {
      checkpoints.add(checkpoint);
      TableFootprint footprint = checkpoint.footprint();
      out.printf(
          ROW,
          String.format("%,d", checkpoint.round()),
          ms(checkpoint.commitP50Ms()),
          ms(checkpoint.commitP99Ms()),
          ms(checkpoint.maintenanceP50Ms()),
          ms(checkpoint.maintenanceP99Ms()),
          String.format("%,d B", footprint.metadataJsonBytes()),
          String.format("%,d", footprint.snapshots()),
          String.format("%,d", footprint.manifests()),
          footprint.metadataJsonFiles() + " / " + footprint.metadataFolderFiles(),
          String.format("%,d", footprint.dataFiles()));
      out.flush();
    });
    return checkpoints;
  }

  /** Round 10, 100, 1,000, 5,000 and the last, those the run reaches. */
  private static Set<Integer> checkpoints(int rounds) {
    TreeSet<Integer> checkpoints = new TreeSet<>(List.of(10, 100, 1_000, 5_000));
    checkpoints.removeIf(round -> round > rounds);
    checkpoints.add(rounds);
    return checkpoints;
  }

  /** Mink's layout without the housekeeping properties, with appends that never merge manifests. */
  private static Map<String, String> unmaintainedProperties() {
    Map<String, String> properties =
        new LinkedHashMap<>(MinkTableLayout.properties("bench", null, 128L << 20, Map.of()));
    MinkTableLayout.housekeepingProperties().keySet().forEach(properties::remove);
    properties.put("commit.manifest-merge.enabled", "false");
    return properties;
  }

  private static String summary(
      List<CommitSeries.Checkpoint> kept, List<CommitSeries.Checkpoint> grown) {
    CommitSeries.Checkpoint first = kept.get(0);
    CommitSeries.Checkpoint last = kept.get(kept.size() - 1);
    CommitSeries.Checkpoint grownLast = grown.get(grown.size() - 1);
    return String.format(
        "%nsummary: rounds=%d commit_p50_ms_r%d=%.1f commit_p50_ms_r%d=%.1f commit_p99_ms_r%d=%.1f "
            + "metadata_json_bytes_r%d=%d metadata_json_bytes_r%d=%d snapshots_r%d=%d "
            + "unmaintained_commit_p50_ms_r%d=%.1f unmaintained_metadata_json_bytes_r%d=%d",
        last.round(),
        first.round(),
        first.commitP50Ms(),
        last.round(),
        last.commitP50Ms(),
        last.round(),
        last.commitP99Ms(),
        first.round(),
        first.footprint().metadataJsonBytes(),
        last.round(),
        last.footprint().metadataJsonBytes(),
        last.round(),
        last.footprint().snapshots(),
        grownLast.round(),
        grownLast.commitP50Ms(),
        grownLast.round(),
        grownLast.footprint().metadataJsonBytes());
  }

  private static String ms(double millis) {
    return String.format("%.1f ms", millis);
  }

  private static void delete(Path directory) throws IOException {
    try (Stream<Path> paths = Files.walk(directory)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> {
        try {
          Files.delete(path);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }
}
