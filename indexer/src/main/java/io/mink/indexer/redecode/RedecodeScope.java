package io.mink.indexer.redecode;

import static java.util.Objects.requireNonNull;

import io.mink.schema.KafkaColumns;
import io.mink.schema.decode.RawReason;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;

/**
 * Which raw parts a redecode tries again: those of some Kafka partitions (all when {@code partitions} is empty), at
 * offsets from {@code fromOffset} on, raw for {@code reason} only when one is given ({@link PreviousReason}).
 */
public record RedecodeScope(Set<Integer> partitions, long fromOffset, Optional<RawReason> reason) {
  public static final RedecodeScope ALL = new RedecodeScope(Set.of(), 0, Optional.empty());

  public RedecodeScope {
    partitions = Set.copyOf(requireNonNull(partitions, "partitions is null"));
    requireNonNull(reason, "reason is null");
    if (fromOffset < 0) {
      throw new IllegalArgumentException("An offset is not negative: " + fromOffset);
    }
  }

  /** The rows of the scope as a scan filter, which prunes files by their column statistics. */
  public Expression filter() {
    Expression filter = Expressions.alwaysTrue();
    if (!partitions.isEmpty()) {
      filter = Expressions.in(KafkaColumns.PARTITION, partitions.toArray());
    }
    if (fromOffset > 0) {
      filter =
          Expressions.and(filter, Expressions.greaterThanOrEqual(KafkaColumns.OFFSET, fromOffset));
    }
    return filter;
  }

  /** Whether a row at this partition and offset is in the scope. */
  public boolean covers(int partition, long offset) {
    return offset >= fromOffset && (partitions.isEmpty() || partitions.contains(partition));
  }

  /**
   * Whether a raw part with this previous reason ({@link PreviousReason#name}) is in the scope: a part of {@value
   * PreviousReason#KNOWN_SCHEMA} only when the scope names no reason.
   */
  public boolean covers(String previous) {
    return reason.isEmpty() || reason.get().key().equals(previous);
  }
}
