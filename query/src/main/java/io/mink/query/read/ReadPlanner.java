package io.mink.query.read;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.round.OffsetGap;
import io.mink.indexer.round.PartitionBounds;
import io.mink.lake.LakeOffsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Plans each partition of a read from the pinned snapshot's offsets and Kafka's bounds at plan time (docs/querying.md,
 * Fresh reads). Pure: no clients, no clock.
 *
 * <table>
 *   <tr><th>Mode</th><th>Tail</th></tr>
 *   <tr><td>union</td><td>{@code [max(seam, log start), last stable offset)}; the whole log when the lake has no
 *   offset for the partition; a seam below log start is a gap, reported, and the read goes on from log start; a seam
 *   past the last stable offset, or of a partition Kafka does not have, is refused: the topic is no longer the one the
 *   lake holds records of</td></tr>
 *   <tr><td>lake</td><td>none</td></tr>
 *   <tr><td>log</td><td>{@code [log start, last stable offset)}</td></tr>
 *   <tr><td>at a point</td><td>the point's offsets; a range Kafka no longer holds is an error naming it</td></tr>
 * </table>
 */
public final class ReadPlanner {
  private static final String WHAT_TO_DO =
      "Read what the lake holds with --mode lake; a topic created again is "
          + "another topic: remove the table and add it again to index it";

  private ReadPlanner() {}

  /**
   * The plan of each partition read, in partition order.
   *
   * @param seams the pinned snapshot's offsets; {@link LakeOffsets#NONE} without a snapshot
   * @param bounds every partition of the topic with its log start and last stable offset; empty in lake mode
   * @param lakePartitions the partitions the snapshot's data files hold, read in lake mode with those of the seams
   * @param requested the partitions asked for; empty for all
   */
  public static List<PartitionRead> plan(
      ReadMode mode,
      LakeOffsets seams,
      Map<Integer, PartitionBounds> bounds,
      Set<Integer> lakePartitions,
      Set<Integer> requested,
      Optional<ReadPoint> at,
      String topic) {
    SortedSet<Integer> partitions = new TreeSet<>(bounds.keySet());
    if (mode == ReadMode.lake) {
      partitions.addAll(seams.nextOffsets().keySet());
      partitions.addAll(lakePartitions);
    }
    at.ifPresent(point -> partitions.retainAll(point.tails().keySet()));
    if (!requested.isEmpty()) {
      checkRequested(requested, mode == ReadMode.lake ? null : bounds.keySet(), topic);
      partitions.retainAll(requested);
    }
    if (mode == ReadMode.union && at.isEmpty()) {
      checkSeams(seams, bounds, requested, topic);
    }
    List<PartitionRead> reads = new ArrayList<>();
    for (int partition : partitions) {
      OptionalLong seam = mode == ReadMode.log ? OptionalLong.empty() : seams.nextOffset(partition);
      TailRange tail = at.isPresent() && mode.readsLog()
          ? repeated(at.get().tails().get(partition), bounds.get(partition), topic)
          : tail(mode, partition, seam, bounds.get(partition));
      Optional<OffsetGap> gap = seam.isPresent() && seam.getAsLong() < tail.from()
          ? Optional.of(new OffsetGap(partition, seam.getAsLong(), tail.from()))
          : Optional.empty();
      reads.add(new PartitionRead(partition, seam, tail, gap));
    }
    return reads;
  }

  private static TailRange tail(
      ReadMode mode, int partition, OptionalLong seam, PartitionBounds bounds) {
    if (mode == ReadMode.lake) {
      long at = seam.orElse(0);
      return new TailRange(partition, at, at);
    }
    long from = Math.max(seam.orElse(bounds.logStart()), bounds.logStart());
    return new TailRange(partition, Math.min(from, bounds.end()), bounds.end());
  }

  /**
   * Refuses seams Kafka's partitions do not reach: Kafka never moves a partition's end back nor removes a partition,
   * so the records after such a seam are another topic's (deleted and created again under the same name) or the
   * partition lost records (truncated), and reading them as the lake's continuation would return wrong rows.
   */
  private static void checkSeams(
      LakeOffsets seams,
      Map<Integer, PartitionBounds> bounds,
      Set<Integer> requested,
      String topic) {
    seams.nextOffsets().forEach((partition, seam) -> {
      if (!requested.isEmpty() && !requested.contains(partition)) {
        return;
      }
      PartitionBounds now = bounds.get(partition);
      if (now == null) {
        throw MinkException.conflict(cannotContinue(partition, topic, seam)
            + "Kafka has no partition " + partition
            + ", so the topic was deleted and created again after the table's last round. "
            + WHAT_TO_DO);
      }
      if (seam > now.end()) {
        throw MinkException.conflict(cannotContinue(partition, topic, seam)
            + "the partition ends at offset " + now.end()
            + " in Kafka, so the topic was deleted and created "
            + "again or truncated after the table's last round. " + WHAT_TO_DO);
      }
    });
  }

  private static String cannotContinue(int partition, String topic, long seam) {
    return "Cannot read partition " + partition + " of topic " + topic
        + " after the lake: the lake holds its records up to offset " + seam + ", but ";
  }

  /** The tail of the point, checked against what Kafka holds now. */
  private static TailRange repeated(TailRange tail, PartitionBounds now, String topic) {
    if (tail.isEmpty()) {
      return tail;
    }
    if (now.end() < tail.to()) {
      throw MinkException.conflict(
          "Cannot read partition " + tail.partition() + " of topic " + topic
              + " at this point again: it ended at offset " + tail.to() + ", Kafka now ends at "
              + now.end()
              + " (the topic was recreated or truncated); read without --at for the table as it is now");
    }
    if (now.logStart() > tail.from()) {
      throw MinkException.conflict(
          "Cannot read partition " + tail.partition() + " of topic " + topic
              + " at this point again: offsets [" + tail.from() + ", "
              + Math.min(now.logStart(), tail.to())
              + ") are no longer in Kafka (retention removed them); read without --at for the table as it is now");
    }
    return tail;
  }

  private static void checkRequested(Set<Integer> requested, Set<Integer> existing, String topic) {
    SortedSet<Integer> unknown = new TreeSet<>(requested);
    if (existing == null) {
      unknown.removeIf(partition -> partition >= 0);
    } else {
      unknown.removeAll(existing);
    }
    if (!unknown.isEmpty()) {
      throw MinkException.user(
          "--partitions names " + (unknown.size() == 1 ? "partition " : "partitions ")
              + unknown + " that topic " + topic + " does not have"
              + (existing == null ? "" : "; it has partitions 0 to " + (existing.size() - 1)));
    }
  }
}
