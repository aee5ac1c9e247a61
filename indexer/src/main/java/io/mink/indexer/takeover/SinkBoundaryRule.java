package io.mink.indexer.takeover;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.takeover.SinkTransaction.Standing;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The rule that finds where a stopped Kafka Connect sink's committed data ends, exactly, or refuses
 * (docs/operations.md, "Switching from the Kafka Connect sink").
 *
 * <p>The sink's coordinator appends to the table every DataWritten it consumed, and records the control-topic
 * positions it had consumed in the snapshot: the data of a DataWritten below those positions is in the table, and
 * that of one at or past them is not (the sink stopped between a worker's transaction and the commit that would have
 * taken it). A worker's transaction also committed the source offsets it ends at to the Connect group, so the
 * group's offsets are exact unless a transaction is pending. Per source partition, the transactions that read it
 * are ordered by the offsets they end at; the table ends where the first pending one starts, which is where the
 * transaction before it ends.
 *
 * <p>It refuses when that cannot be known: retention deleted control events the answer depends on, a commit took
 * part of a transaction's files, the table holds data read after data it does not hold, the first transaction of a
 * partition is pending, or the group's offsets are behind the transactions that committed them.
 */
public final class SinkBoundaryRule {
  /** What to do when the sink's state is not exact: let the sink finish what it started. */
  public static final String RUN_A_COMMIT =
      "start the connector until it completes a commit (its log says \"Commit ... complete\"), "
          + "stop it, and run the command again";

  private SinkBoundaryRule() {}

  /** Where the sink's committed data of the topic ends; a {@link MinkException} conflict when it cannot be exact. */
  public static SinkBoundary resolve(SinkState state) {
    checkRetention(state);
    int pending = 0;
    for (SinkTransaction transaction : state.transactions()) {
      Standing standing = standing(state, transaction);
      if (standing == Standing.PENDING && readsTopic(state, transaction)) {
        pending++;
      }
    }
    Map<Integer, Long> firstOffsets = new TreeMap<>();
    for (int partition : new TreeSet<>(state.topicPartitions())) {
      Long boundary = boundary(state, partition);
      if (boundary != null) {
        firstOffsets.put(partition, boundary);
      }
    }
    return SinkBoundary.of(firstOffsets, pending);
  }

  /** Every control event from the recorded positions on must still be there: any of them may be pending data. */
  private static void checkRetention(SinkState state) {
    state.controlLogStarts().forEach((controlPartition, logStart) -> {
      long recorded = state.recordedPosition(controlPartition);
      if (logStart > recorded) {
        throw refusal(String.format(
            Locale.ROOT,
            "The control topic %s no longer holds partition %d from offset %d on (its log starts at %d), where"
                + " the sink's last commit to %s stopped reading: Mink cannot tell which written data that commit"
                + " left out",
            state.controlTopic(),
            controlPartition,
            recorded,
            logStart,
            state.table()));
      }
    });
  }

  /** A transaction's standing against the recorded positions; refuses one that is split or cannot be known. */
  private static Standing standing(SinkState state, SinkTransaction transaction) {
    Standing standing =
        transaction.standing(state.recordedPosition(transaction.controlPartition()));
    if (standing == Standing.SPLIT) {
      throw refusal(
          "The sink's last commit to " + state.table() + " took part of the data files of "
              + transaction.describe()
              + " and left the rest, so no offset per partition separates what the table"
              + " holds");
    }
    state.tableFiles().ifPresent(files -> checkFiles(state, transaction, standing, files));
    if (standing == Standing.PENDING && transaction.possiblyTruncated()) {
      throw refusal("The control topic " + state.controlTopic() + " lost the start of "
          + transaction.describe() + " to retention, and its data is not all in " + state.table()
          + ": Mink cannot tell whether the sink's last commit took part of it");
    }
    return standing;
  }

  /**
   * The table's files must say what the positions say: a committed transaction's files are in the table, a pending
   * one's are not. A committed one whose files are missing is data the sink lost (a coordinator that had never
   * committed starts reading the control topic at its end, and skips what workers sent before).
   */
  private static void checkFiles(
      SinkState state, SinkTransaction transaction, Standing standing, Set<String> tableFiles) {
    long inTable = transaction.files().stream().filter(tableFiles::contains).count();
    if (standing == Standing.COMMITTED && inTable < transaction.files().size()) {
      throw MinkException.conflict("The sink's coordinator had read past " + transaction.describe()
          + ", and the Connect group counts its records as written, but "
          + (transaction.files().size() - inTable)
          + " of its files never reached " + state.table()
          + ": the sink lost those records, and no start"
          + " offset per partition gives them back without repeating records the table holds. Add the table"
          + " with --from at the offsets to read again, accepting those duplicates, or without"
          + " --after-connect-sink");
    }
    if (standing == Standing.PENDING && inTable > 0) {
      throw MinkException.conflict(
          "The sink's table " + state.table() + " holds files of " + transaction.describe()
              + " that its last commit had not read: the table was written by another commit than the sink's"
              + " coordinator. Add the table without --after-connect-sink");
    }
  }

  /** The first offset of {@code partition} that the table does not hold; null when the sink never read it. */
  private static Long boundary(SinkState state, int partition) {
    List<SinkTransaction> reading = new ArrayList<>();
    for (SinkTransaction transaction : state.transactions()) {
      if (transaction.sourceOffsets().containsKey(partition)) {
        reading.add(transaction);
      }
    }
    reading.sort(Comparator.<SinkTransaction>comparingLong(
            transaction -> transaction.sourceOffsets().get(partition))
        .thenComparingInt(SinkTransaction::controlPartition)
        .thenComparingLong(SinkTransaction::completePosition));
    int firstPending = -1;
    for (int i = 0; i < reading.size(); i++) {
      Standing standing = standing(state, reading.get(i));
      if (standing == Standing.PENDING && firstPending < 0) {
        firstPending = i;
      } else if (standing == Standing.COMMITTED && firstPending >= 0) {
        throw refusal(String.format(
            Locale.ROOT,
            "The sink's table %s holds the data of partition %d up to offset %d (%s) but not the data before it"
                + " (%s): Mink cannot start the partition at one offset",
            state.table(),
            partition,
            reading.get(i).sourceOffsets().get(partition),
            reading.get(i).describe(),
            reading.get(firstPending).describe()));
      }
    }
    Long group = state.groupOffsets().get(partition);
    if (firstPending < 0) {
      Long last = reading.isEmpty()
          ? null
          : reading.get(reading.size() - 1).sourceOffsets().get(partition);
      if (group != null && last != null && group < last) {
        throw MinkException.conflict(String.format(
            Locale.ROOT,
            "The Connect group %s's committed offset of partition %d of topic %s is %d, behind offset %d that the"
                + " sink's %s committed with its data: the group's offsets were changed after the sink wrote, so"
                + " they do not say where %s ends. Add the table with --from at the offsets you know the table"
                + " ends at",
            state.connectGroup(),
            partition,
            state.topic(),
            group,
            last,
            reading.get(reading.size() - 1).describe(),
            state.table()));
      }
      return group != null ? group : last;
    }
    if (firstPending == 0) {
      boolean retained = state.controlLogStarts().values().stream().allMatch(start -> start == 0);
      throw refusal(String.format(
          Locale.ROOT,
          "The sink wrote data of partition %d of topic %s (%s) that its last commit to %s left out, and %s, so"
              + " where that data starts is not known",
          partition,
          state.topic(),
          reading.get(0).describe(),
          state.table(),
          retained
              ? "it had committed no earlier data of the partition"
              : "the control topic " + state.controlTopic()
                  + " no longer holds the transaction before it"));
    }
    return reading.get(firstPending - 1).sourceOffsets().get(partition);
  }

  private static boolean readsTopic(SinkState state, SinkTransaction transaction) {
    return transaction.sourceOffsets().keySet().stream()
        .anyMatch(state.topicPartitions()::contains);
  }

  private static MinkException refusal(String why) {
    return MinkException.conflict(why + ": " + RUN_A_COMMIT);
  }
}
