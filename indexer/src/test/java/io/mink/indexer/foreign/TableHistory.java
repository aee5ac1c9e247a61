package io.mink.indexer.foreign;

import io.mink.indexer.foreign.ProducedRecords.Produced;
import io.mink.indexer.round.AcceptedGaps;
import io.mink.indexer.round.OffsetGap;
import io.mink.lake.MinkSnapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;

/**
 * The model of one table, computed apart from Mink: for every snapshot the table ever had, what it must hold, from what
 * the suite produced to Kafka ({@link ProducedRecords}) and what it asked Spark to delete.
 *
 * <p>A snapshot's rows follow from its ancestry, so the model survives rollbacks and expiry: the offsets of its nearest
 * Mink snapshot (its own {@code mink-offsets}, or its Mink ancestor's under a foreign snapshot), the gaps Mink's
 * ancestors reported, and the rows each user DELETE in its ancestry removed. A DELETE removes the rows its predicate
 * matches among the rows its parent snapshot must hold, and nothing Mink tiers later. So:
 *
 * <ul>
 *   <li>append: every offset below the offsets exactly once, with its own value, except offsets in a reported gap and
 *       rows a user DELETEd;
 *   <li>upsert: per key (and Kafka partition) the newest record below the offsets, absent when that record is a
 *       tombstone or a row a user DELETEd (until Kafka carries a newer record of the key).
 * </ul>
 *
 * A rollback to S1 thus takes the rows Mink committed after S1 out of the model (they are no longer in the current
 * snapshot's ancestry), and the next Mink snapshot must hold them again, tiered anew from Kafka.
 */
final class TableHistory {
  /** A row's identity: the Kafka record it came from. */
  record RowId(int partition, long offset) implements Comparable<RowId> {
    @Override
    public int compareTo(RowId other) {
      return Comparator.comparingInt(RowId::partition)
          .thenComparingLong(RowId::offset)
          .compare(this, other);
    }

    @Override
    public String toString() {
      return partition + "@" + offset;
    }
  }

  /** Who made the snapshots that appear next: a Mink round, or a Spark statement (a DELETE with its predicate). */
  record Maker(String label, boolean foreign, Predicate<Produced> deletes) {
    static Maker round(String label) {
      return new Maker(label, false, null);
    }

    static Maker spark(String label, Predicate<Produced> deletes) {
      return new Maker(label, true, deletes);
    }
  }

  /**
   * What the suite knows of a snapshot.
   *
   * @param offsets the mink-offsets of its nearest Mink snapshot (itself or an ancestor)
   * @param userDeleted the rows user DELETEs in its ancestry removed
   */
  record Facts(
      long snapshotId,
      Long parentId,
      long sequenceNumber,
      String madeBy,
      Map<Integer, Long> offsets,
      List<OffsetGap> gaps,
      Set<RowId> userDeleted) {
    @Override
    public String toString() {
      return "snapshot " + snapshotId + " (sequence " + sequenceNumber + ", parent " + parentId
          + ", " + madeBy
          + ", offsets " + offsets + (gaps.isEmpty() ? "" : ", gaps " + gaps) + ", "
          + userDeleted.size()
          + " rows user-deleted in its ancestry)";
    }
  }

  private final ProducedRecords produced;
  private final Map<Long, Facts> facts = new HashMap<>();

  TableHistory(ProducedRecords produced) {
    this.produced = produced;
  }

  /**
   * Registers the snapshots of {@code table} not seen before, oldest first, as made by {@code maker}, and returns them.
   * Fails when a Mink snapshot appears while only Spark ran, or a foreign one while only Mink did.
   */
  synchronized List<Facts> observe(Table table, Maker maker) {
    List<Snapshot> fresh = new ArrayList<>();
    for (Snapshot snapshot : table.snapshots()) {
      if (!facts.containsKey(snapshot.snapshotId())) {
        fresh.add(snapshot);
      }
    }
    fresh.sort(Comparator.comparingLong(Snapshot::sequenceNumber));
    List<Facts> added = new ArrayList<>();
    for (Snapshot snapshot : fresh) {
      Facts parent = snapshot.parentId() == null ? null : facts.get(snapshot.parentId());
      if (snapshot.parentId() != null && parent == null) {
        throw new AssertionError("Snapshot " + snapshot.snapshotId() + " (" + maker.label()
            + ") has parent " + snapshot.parentId() + ", which the suite never saw");
      }
      boolean mink = MinkSnapshot.isMink(snapshot);
      if (mink == maker.foreign()) {
        throw new AssertionError(
            "Snapshot " + snapshot.snapshotId() + " (" + snapshot.operation() + ", "
                + snapshot.summary() + ") appeared while "
                + (maker.foreign() ? "only Spark" : "only Mink")
                + " wrote: " + maker.label());
      }
      Map<Integer, Long> offsets;
      List<OffsetGap> gaps = new ArrayList<>(parent == null ? List.of() : parent.gaps());
      Set<RowId> deleted = new HashSet<>(parent == null ? Set.of() : parent.userDeleted());
      if (mink) {
        offsets = new TreeMap<>(MinkSnapshot.of(snapshot).offsets().nextOffsets());
        String accepted = snapshot.summary().get(AcceptedGaps.PROPERTY);
        if (accepted != null) {
          gaps.addAll(AcceptedGaps.decode(accepted));
        }
      } else {
        offsets = parent == null ? Map.of() : parent.offsets();
        if (maker.deletes() != null && parent != null) {
          expected(parent).forEach((id, record) -> {
            if (maker.deletes().test(record)) {
              deleted.add(id);
            }
          });
        }
      }
      Facts made = new Facts(
          snapshot.snapshotId(),
          snapshot.parentId(),
          snapshot.sequenceNumber(),
          maker.label(),
          Map.copyOf(offsets),
          List.copyOf(gaps),
          Set.copyOf(deleted));
      facts.put(snapshot.snapshotId(), made);
      added.add(made);
    }
    return added;
  }

  synchronized Facts facts(long snapshotId) {
    Facts known = facts.get(snapshotId);
    if (known == null) {
      throw new IllegalStateException("Snapshot " + snapshotId + " was never observed");
    }
    return known;
  }

  /** The rows the snapshot must hold, by the record each comes from. */
  Map<RowId, Produced> expected(Facts snapshot) {
    Map<RowId, Produced> rows = new TreeMap<>();
    if (!produced.upsert()) {
      snapshot.offsets().forEach((partition, next) -> {
        for (Produced record : produced.below(partition, next)) {
          RowId id = new RowId(partition, record.offset());
          if (!inGap(snapshot, record) && !snapshot.userDeleted().contains(id)) {
            rows.put(id, record);
          }
        }
      });
      return rows;
    }
    Map<String, Produced> newest = new LinkedHashMap<>();
    snapshot.offsets().forEach((partition, next) -> {
      for (Produced record : produced.below(partition, next)) {
        if (record.key() != null && !inGap(snapshot, record)) {
          newest.put(partition + "/" + record.key(), record);
        }
      }
    });
    for (Produced record : newest.values()) {
      RowId id = new RowId(record.partition(), record.offset());
      if (record.value() != null && !snapshot.userDeleted().contains(id)) {
        rows.put(id, record);
      }
    }
    return rows;
  }

  private static boolean inGap(Facts snapshot, Produced record) {
    for (OffsetGap gap : snapshot.gaps()) {
      if (gap.partition() == record.partition()
          && record.offset() >= gap.from()
          && record.offset() < gap.to()) {
        return true;
      }
    }
    return false;
  }
}
