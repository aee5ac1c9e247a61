package io.mink.lake.write;

import java.util.HashMap;
import java.util.Map;

/**
 * How many distinct values a column holds beyond a sample of it, by the Chao1 estimator: the values
 * seen once and twice in the sample tell how many were not seen at all. A column of unique values
 * (ids, timestamps, free text) has no value seen twice and estimates as unbounded.
 *
 * @param sampled the non-null values in the sample
 * @param distinct the distinct values among them
 * @param bytes the bytes of the sampled values, as Parquet's plain encoding stores them
 */
public record DistinctEstimate(int sampled, int distinct, int seenOnce, int seenTwice, long bytes) {

  /** Counts the values of one column; feed it with {@link Counter#add}. */
  public static Counter counter() {
    return new Counter();
  }

  /** The estimated number of distinct values of the whole column; {@code Double.POSITIVE_INFINITY} when every value looks unique. */
  public double estimate() {
    if (seenOnce == 0) {
      return distinct;
    }
    if (seenTwice == 0) {
      return Double.POSITIVE_INFINITY;
    }
    return distinct + (double) seenOnce * seenOnce / (2.0 * seenTwice);
  }

  /** The mean plain-encoded size of a value, in bytes. */
  public double meanBytes() {
    return sampled == 0 ? 0 : (double) bytes / sampled;
  }

  /** Accumulates one column's sample. Values must have value equality (wrap arrays in ByteBuffers). */
  public static final class Counter {
    private final Map<Object, Integer> counts = new HashMap<>();
    private int sampled;
    private long bytes;

    private Counter() {}

    public void add(Object value, int plainBytes) {
      if (value != null) {
        counts.merge(value, 1, Integer::sum);
        sampled++;
        bytes += plainBytes;
      }
    }

    public DistinctEstimate result() {
      int once = 0;
      int twice = 0;
      for (int count : counts.values()) {
        if (count == 1) {
          once++;
        } else if (count == 2) {
          twice++;
        }
      }
      return new DistinctEstimate(sampled, counts.size(), once, twice, bytes);
    }
  }
}
