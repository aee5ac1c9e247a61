package io.mink.query.read;

/**
 * The Kafka offsets a read takes from one partition: {@code [from, to)}, under read_committed. {@code from} equal
 * to {@code to} reads nothing.
 */
public record TailRange(int partition, long from, long to) {
  public TailRange {
    if (partition < 0 || from < 0 || to < from) {
      throw new IllegalArgumentException(
          "Invalid tail of partition " + partition + ": [" + from + ", " + to + ")");
    }
  }

  public boolean isEmpty() {
    return from == to;
  }

  @Override
  public String toString() {
    return partition + "=" + from + "-" + to;
  }
}
