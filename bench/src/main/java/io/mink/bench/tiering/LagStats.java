package io.mink.bench.tiering;

import io.mink.lake.MinkSnapshot;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The lake lag of every record: the commit time of the first Mink snapshot whose mink-offsets cover the record's
 * offset, minus the record's produce timestamp. Pure: given the timestamps and the snapshots.
 *
 * @param lagsMillis every record's lag, sorted
 */
record LagStats(long[] lagsMillis) {
  /**
   * @param timestamps per Kafka partition, each record's produce timestamp, indexed by offset
   * @param snapshots the table's Mink snapshots, oldest first; their offsets never go down
   */
  static LagStats of(Map<Integer, long[]> timestamps, List<MinkSnapshot> snapshots) {
    return of(timestamps, snapshots, Long.MIN_VALUE);
  }

  /** The lags of the records produced at or after {@code fromMillis}. */
  static LagStats of(
      Map<Integer, long[]> timestamps, List<MinkSnapshot> snapshots, long fromMillis) {
    long[] lags = new long[timestamps.values().stream().mapToInt(t -> t.length).sum()];
    int count = 0;
    for (Map.Entry<Integer, long[]> partition : timestamps.entrySet()) {
      long[] produced = partition.getValue();
      int snapshot = 0;
      for (int offset = 0; offset < produced.length; offset++) {
        while (snapshot < snapshots.size()
            && !covers(snapshots.get(snapshot), partition.getKey(), offset)) {
          snapshot++;
        }
        if (snapshot == snapshots.size()) {
          throw new IllegalStateException("No Mink snapshot covers partition " + partition.getKey()
              + " offset " + offset + ": the table did not catch up");
        }
        if (produced[offset] >= fromMillis) {
          lags[count++] = snapshots.get(snapshot).timestampMillis() - produced[offset];
        }
      }
    }
    if (count == 0) {
      throw new IllegalStateException(
          "No record was produced after the warm-up: produce for longer");
    }
    lags = Arrays.copyOf(lags, count);
    Arrays.sort(lags);
    return new LagStats(lags);
  }

  private static boolean covers(MinkSnapshot snapshot, int partition, long offset) {
    OptionalLong next = snapshot.offsets().nextOffset(partition);
    return next.isPresent() && next.getAsLong() > offset;
  }

  int records() {
    return lagsMillis.length;
  }

  /** The nearest-rank percentile, {@code quantile} in (0, 1]. */
  long percentileMillis(double quantile) {
    int rank = (int) Math.ceil(quantile * lagsMillis.length);
    return lagsMillis[Math.max(0, Math.min(lagsMillis.length - 1, rank - 1))];
  }

  long maxMillis() {
    return lagsMillis[lagsMillis.length - 1];
  }

  long minMillis() {
    return lagsMillis[0];
  }
}
