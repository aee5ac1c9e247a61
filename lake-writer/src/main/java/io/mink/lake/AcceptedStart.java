package io.mink.lake;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * Where a table starts (docs/operations.md, "Starting later"): per Kafka partition, the first offset the table
 * holds, resolved once when the table was added with {@code mink table add --from} or after Iceberg's Kafka Connect
 * sink, and recorded in the table's entry as the option {@link MinkTableLayout#START_OFFSETS_OPTION}. Offsets below it
 * were never asked for: they are neither rows nor gaps. A partition it does not name (one added to the topic later, or
 * every partition of a table added without --from) starts at its log start.
 */
public record AcceptedStart(LakeOffsets offsets) {
  /** Every partition starts at its log start: a table added without --from. */
  public static final AcceptedStart LOG_START = new AcceptedStart(LakeOffsets.NONE);

  public AcceptedStart {
    requireNonNull(offsets, "offsets is null");
  }

  public static AcceptedStart of(Map<Integer, Long> firstOffsets) {
    return new AcceptedStart(LakeOffsets.of(firstOffsets));
  }

  /** The accepted start recorded in a table's options (an entry's options or its Iceberg properties' mink.*). */
  public static AcceptedStart fromOptions(Map<String, String> tableOptions) {
    String recorded = tableOptions.get(MinkTableLayout.START_OFFSETS_OPTION);
    if (recorded == null) {
      recorded =
          tableOptions.get(MinkTableLayout.OPTION_PREFIX + MinkTableLayout.START_OFFSETS_OPTION);
    }
    return recorded == null ? LOG_START : new AcceptedStart(LakeOffsets.decode(recorded));
  }

  /** Whether every partition starts at its log start. */
  public boolean isLogStart() {
    return offsets.nextOffsets().isEmpty();
  }

  /** The partition's accepted first offset; empty when it starts at its log start. */
  public OptionalLong firstOffset(int partition) {
    return offsets.nextOffset(partition);
  }

  /**
   * The first offset the table holds of the partition, given Kafka's log start now: the accepted start, or the log
   * start when the partition has none. An accepted start below the log start is returned as it is: those offsets were
   * asked for and Kafka deleted them, a gap.
   */
  public long firstOffset(int partition, long logStart) {
    return offsets.nextOffset(partition).orElse(logStart);
  }

  /**
   * The next offset to index per partition: the recorded one, else the accepted start. Partitions with neither start
   * at their log start and stay out.
   */
  public LakeOffsets nextOffsets(LakeOffsets recorded) {
    Map<Integer, Long> next = new TreeMap<>(offsets.nextOffsets());
    next.putAll(recorded.nextOffsets());
    return LakeOffsets.of(next);
  }

  /** The value of the option, as the entry records it. */
  public String encode() {
    return offsets.encode();
  }
}
