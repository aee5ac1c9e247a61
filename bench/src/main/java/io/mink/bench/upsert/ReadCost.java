package io.mink.bench.upsert;

import io.mink.bench.BenchmarkTopic;
import io.mink.bench.upsert.TableRounds.Timing;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.MinkTableLayout;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Part 2: what rounds of updates cost a reader. A topic gets {@code keys} new keys, then rounds of {@code updates}
 * updates of keys chosen uniformly; three upsert tables of it (the variants) run a round after each. At each
 * checkpoint Spark times count(*) and sum(_kafka_offset) on each, and on a table a single round made of the same
 * live rows (each key's live value produced once into a topic of its own).
 */
final class ReadCost {
  /** The column sum() reads: a cheap one, so the time is the files' and the deletes'. */
  static final String SUM_COLUMN = "_kafka_offset";

  /** One way to keep an upsert table. */
  record Variant(String label, String suffix, Map<String, String> options) {}

  static final List<Variant> VARIANTS = List.of(
      new Variant(
          "compaction 0.3 (default)", "default", Map.of(MinkTableLayout.MODE_OPTION, "upsert")),
      new Variant(
          "compaction off (fraction 1)",
          "nocompact",
          Map.of(
              MinkTableLayout.MODE_OPTION,
              "upsert",
              MinkTableLayout.COMPACT_DELETED_FRACTION_OPTION,
              "1")),
      new Variant(
          "0.3 + auto-compaction",
          "autocompact",
          Map.of(MinkTableLayout.MODE_OPTION, "upsert", "auto-compaction", "true")));

  /**
   * One table read at a checkpoint.
   *
   * @param label the variant, or the single-round table
   * @param name a short name of it, for the summary line
   * @param shape the files and deletes Spark reads
   * @param count count(*)'s best time and answer
   * @param sum sum(_kafka_offset)'s best time
   * @param rounds the update rounds since the previous checkpoint; null for the single-round table
   */
  record TableRead(
      String label,
      String name,
      TableShape shape,
      SparkQueries.Timed count,
      SparkQueries.Timed sum,
      Timing rounds) {}

  /** The reads after {@code rounds} update rounds; the first is the single-round table's. */
  record Checkpoint(int rounds, List<TableRead> reads) {}

  private final KafkaBroker broker;
  private final InProcessSidecar sidecar;
  private final SparkReader spark;
  private final int partitions;

  ReadCost(KafkaBroker broker, InProcessSidecar sidecar, SparkReader spark, int partitions) {
    this.broker = broker;
    this.sidecar = sidecar;
    this.spark = spark;
    this.partitions = partitions;
  }

  /**
   * Loads the keys, runs update rounds up to the last checkpoint, and hands each checkpoint's reads to {@code
   * report} as it is measured.
   */
  List<Checkpoint> run(
      int keys, int updates, List<Integer> checkpoints, Consumer<Checkpoint> report) {
    KeyedTopic log = KeyedTopic.create(broker, "bench-upsert-read", partitions, 20_261_204L);
    List<TableRounds> tables = new ArrayList<>();
    List<Checkpoint> measured = new ArrayList<>();
    try {
      for (Variant variant : VARIANTS) {
        tables.add(TableRounds.add(sidecar, log.name(), variant.suffix(), variant.options()));
      }
      log.append(keys, 0);
      tables.forEach(table -> table.catchUp(broker));
      List<Timing> marks = timings(tables);
      int done = 0;
      for (int checkpoint : checkpoints) {
        for (; done < checkpoint; done++) {
          log.update(updates);
          for (int i = 0; i < tables.size(); i++) {
            tables.get((done + i) % tables.size()).catchUp(broker);
          }
        }
        Checkpoint reads = measure(log, checkpoint, tables, marks);
        report.accept(reads);
        measured.add(reads);
        marks = timings(tables);
      }
      return measured;
    } finally {
      tables.forEach(TableRounds::close);
    }
  }

  private Checkpoint measure(
      KeyedTopic log, int rounds, List<TableRounds> tables, List<Timing> marks) {
    List<TableRead> reads = new ArrayList<>();
    String liveTopic = log.name() + "-live-" + rounds;
    broker.createTopic(liveTopic, partitions, BenchmarkTopic.TOPIC_CONFIGS);
    log.copyLiveTo(liveTopic);
    try (TableRounds single = TableRounds.add(
        sidecar, liveTopic, "single", Map.of(MinkTableLayout.MODE_OPTION, "upsert"))) {
      single.catchUp(broker);
      reads.add(read("single round, same live rows", "single", single, log.keys(), null));
    }
    for (int i = 0; i < tables.size(); i++) {
      Timing since = tables.get(i).timing().since(marks.get(i));
      reads.add(read(
          VARIANTS.get(i).label(), VARIANTS.get(i).suffix(), tables.get(i), log.keys(), since));
    }
    return new Checkpoint(rounds, reads);
  }

  private TableRead read(String label, String name, TableRounds table, int keys, Timing rounds) {
    TableShape shape = TableShape.of(table.table());
    SparkQueries.Timed count =
        SparkQueries.best(spark, "SELECT count(*) FROM " + table.sparkName());
    if (count.value() != keys) {
      throw new IllegalStateException("Spark counts " + count.value() + " rows in "
          + table.sparkName() + ", not the " + keys + " live keys: Mink lost or duplicated rows");
    }
    SparkQueries.Timed sum =
        SparkQueries.best(spark, "SELECT sum(" + SUM_COLUMN + ") FROM " + table.sparkName());
    return new TableRead(label, name, shape, count, sum, rounds);
  }

  private static List<Timing> timings(List<TableRounds> tables) {
    return tables.stream().map(TableRounds::timing).toList();
  }
}
