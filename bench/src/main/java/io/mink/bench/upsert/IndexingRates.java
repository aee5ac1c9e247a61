package io.mink.bench.upsert;

import io.mink.bench.upsert.TableRounds.Timing;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.indexer.upsert.KeyIndexes;
import io.mink.testkit.KafkaBroker;
import java.util.Map;

/**
 * Part 1: an upsert table's indexing against an append table's, of the same keyed records. The topic is produced
 * in batches, a given fraction of its records updates of earlier keys; after each batch both tables run the round
 * a sidecar would run (which of the two goes first alternates from batch to batch, so both meet the same
 * disturbances), so the upsert table looks up and deletes rows the earlier rounds wrote.
 */
final class IndexingRates {
  private IndexingRates() {}

  /**
   * What indexing one topic took.
   *
   * @param updateFraction the share of records that update an earlier key
   * @param records the records of the topic
   * @param keys its distinct keys, the upsert table's live rows
   * @param append the append table's rounds
   * @param upsert the upsert table's rounds
   * @param keyIndexBytes the memory the upsert table's key index holds at the end, as its budget counts it
   * @param upsertShape the upsert table at the end
   */
  record Result(
      double updateFraction,
      long records,
      int keys,
      Timing append,
      Timing upsert,
      long keyIndexBytes,
      TableShape upsertShape) {
    double ratio() {
      return upsert.perSecond(records) / append.perSecond(records);
    }

    double cpuRatio() {
      return append.cpuNanos() / (double) upsert.cpuNanos();
    }
  }

  /**
   * Indexes a fresh topic of {@code records} records into an append table and an upsert table.
   *
   * @param upsertOptions the upsert table's options, mode=upsert among them
   */
  static Result run(
      KafkaBroker broker,
      InProcessSidecar sidecar,
      String topic,
      int records,
      int batches,
      int partitions,
      double updateFraction,
      Map<String, String> upsertOptions) {
    KeyedTopic log = KeyedTopic.create(broker, topic, partitions, 20_261_203L + topic.hashCode());
    KeyIndexes indexes = sidecar.keyIndexes();
    long indexBytesBefore = indexes.budget().usedBytes();
    try (TableRounds append = TableRounds.add(sidecar, topic, "append", Map.of());
        TableRounds upsert = TableRounds.add(sidecar, topic, "upsert", upsertOptions)) {
      for (int batch = 0; batch < batches; batch++) {
        int size = records / batches + (batch < records % batches ? 1 : 0);
        log.append(size, updateFraction);
        TableRounds first = batch % 2 == 0 ? append : upsert;
        TableRounds second = first == append ? upsert : append;
        first.catchUp(broker);
        second.catchUp(broker);
      }
      long indexBytes = indexes.budget().usedBytes() - indexBytesBefore;
      indexes.release(upsert.descriptor().qualifiedName());
      TableShape appendShape = TableShape.of(append.table());
      TableShape upsertShape = TableShape.of(upsert.table());
      check(appendShape.liveRows(), records, append);
      check(upsertShape.liveRows(), log.keys(), upsert);
      return new Result(
          updateFraction,
          records,
          log.keys(),
          append.timing(),
          upsert.timing(),
          indexBytes,
          upsertShape);
    }
  }

  private static void check(long live, long expected, TableRounds table) {
    if (live != expected) {
      throw new IllegalStateException("Table " + table.descriptor().qualifiedName() + " holds "
          + live + " live rows, not " + expected + ": Mink lost or duplicated rows");
    }
  }
}
