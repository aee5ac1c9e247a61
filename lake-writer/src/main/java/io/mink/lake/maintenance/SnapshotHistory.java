package io.mink.lake.maintenance;

import static java.util.Objects.requireNonNull;

import io.mink.lake.MinkSnapshot;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.TableMetadata;

/**
 * What expiry needs to know of a table's snapshots, as plain values.
 *
 * @param committedMillis every snapshot's id and commit time
 * @param log the table's snapshot log, oldest first: each snapshot that became the current one, and when; a rollback
 *     adds an entry for the snapshot it makes current again. Iceberg drops the entries before a snapshot it expired
 * @param current the current snapshot's id; empty for a table without snapshots
 * @param newestMinkInLineage for each snapshot whose lineage holds one, the id of the newest Mink snapshot among it
 *     and its ancestors: the current snapshot's is where the next round starts, another's holds the seams of a read
 *     that pinned it
 * @param oldestUnreferencedMillis the commit time of the oldest snapshot no branch or tag points at; max when none
 */
record SnapshotHistory(
    Map<Long, Long> committedMillis,
    List<BecameCurrent> log,
    OptionalLong current,
    Map<Long, Long> newestMinkInLineage,
    long oldestUnreferencedMillis) {
  /** An entry of the snapshot log: the snapshot became the table's current snapshot at that time. */
  record BecameCurrent(long snapshotId, long atMillis) {}

  SnapshotHistory {
    committedMillis = Map.copyOf(requireNonNull(committedMillis, "committedMillis is null"));
    log = List.copyOf(requireNonNull(log, "log is null"));
    requireNonNull(current, "current is null");
    newestMinkInLineage =
        Map.copyOf(requireNonNull(newestMinkInLineage, "newestMinkInLineage is null"));
  }

  static SnapshotHistory of(TableMetadata metadata) {
    Map<Long, Long> committed = new HashMap<>();
    Map<Long, Long> newestMink = new HashMap<>();
    for (Snapshot snapshot : metadata.snapshots()) {
      committed.put(snapshot.snapshotId(), snapshot.timestampMillis());
      MinkSnapshot.newestInLineageOf(metadata, snapshot.snapshotId())
          .ifPresent(mink -> newestMink.put(snapshot.snapshotId(), mink.snapshotId()));
    }
    List<BecameCurrent> log = metadata.snapshotLog().stream()
        .map(entry -> new BecameCurrent(entry.snapshotId(), entry.timestampMillis()))
        .toList();
    Snapshot current = metadata.currentSnapshot();
    return new SnapshotHistory(
        committed,
        log,
        current == null ? OptionalLong.empty() : OptionalLong.of(current.snapshotId()),
        newestMink,
        oldestUnreferenced(metadata));
  }

  /** The commit time of the oldest snapshot no branch or tag points at; max when there is none. */
  private static long oldestUnreferenced(TableMetadata metadata) {
    Set<Long> referenced =
        metadata.refs().values().stream().map(SnapshotRef::snapshotId).collect(Collectors.toSet());
    return metadata.snapshots().stream()
        .filter(snapshot -> !referenced.contains(snapshot.snapshotId()))
        .mapToLong(Snapshot::timestampMillis)
        .min()
        .orElse(Long.MAX_VALUE);
  }
}
