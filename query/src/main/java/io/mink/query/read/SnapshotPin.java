package io.mink.query.read;

import io.mink.indexer.errors.MinkException;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import java.util.Comparator;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.TableMetadata;

/**
 * The lake snapshot a read pins once, for every partition: the one a read point or {@code --snapshot} names, else
 * for a union read the newest Mink snapshot by sequence number (whose offsets are the seams), and for a lake read the
 * table's current snapshot, as any Iceberg engine reads it. Pure.
 */
final class SnapshotPin {
  private SnapshotPin() {}

  /** The snapshot a read pinned, its offsets (the seams) and its schema. */
  record Pinned(Optional<Snapshot> snapshot, LakeOffsets seams, Schema schema) {
    OptionalLong id() {
      return snapshot
          .map(pinned -> OptionalLong.of(pinned.snapshotId()))
          .orElse(OptionalLong.empty());
    }
  }

  /** The snapshot the request reads, with the offsets of a Mink snapshot and the schema it was written with. */
  static Pinned pinned(TableMetadata metadata, ReadRequest request, String table) {
    Optional<Snapshot> snapshot = pin(metadata, request, table);
    return new Pinned(
        snapshot,
        snapshot
            .filter(MinkSnapshot::isMink)
            .map(mink -> MinkSnapshot.of(mink).offsets())
            .orElse(LakeOffsets.NONE),
        schema(metadata, snapshot));
  }

  static Optional<Snapshot> pin(TableMetadata metadata, ReadRequest request, String table) {
    if (!request.mode().readsLake()) {
      return Optional.empty();
    }
    if (request.at().isPresent()) {
      if (request.at().get().snapshotId().isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(
          named(metadata, request, request.at().get().snapshotId().getAsLong(), table));
    }
    if (request.snapshotId().isPresent()) {
      return Optional.of(named(metadata, request, request.snapshotId().getAsLong(), table));
    }
    if (request.mode() == ReadMode.lake) {
      return Optional.ofNullable(metadata.currentSnapshot());
    }
    return metadata.snapshots().stream()
        .filter(MinkSnapshot::isMink)
        .max(Comparator.comparingLong(Snapshot::sequenceNumber)
            .thenComparingLong(Snapshot::timestampMillis));
  }

  /** The schema the snapshot was written with; the table's current schema without a snapshot. */
  static Schema schema(TableMetadata metadata, Optional<Snapshot> snapshot) {
    Integer schemaId = snapshot.map(Snapshot::schemaId).orElse(null);
    Schema schema = schemaId == null ? null : metadata.schemasById().get(schemaId);
    return schema == null ? metadata.schema() : schema;
  }

  private static Snapshot named(
      TableMetadata metadata, ReadRequest request, long id, String table) {
    Snapshot snapshot = metadata.snapshot(id);
    if (snapshot == null && request.at().isPresent()) {
      throw MinkException.conflict(
          "Cannot read " + table + " at this point again: its snapshot " + id
              + " no longer exists (snapshots expire after mink.snapshot-retention); read without --at for the table "
              + "as it is now");
    }
    if (snapshot == null) {
      throw MinkException.user("Table " + table + " has no snapshot " + id + ": mink table show "
          + table + " names its newest Mink snapshot");
    }
    if (request.mode() == ReadMode.union && !MinkSnapshot.isMink(snapshot)) {
      throw MinkException.user(
          "Snapshot " + id + " of " + table + " was not written by Mink, so it has no Kafka "
              + "offsets to continue from: read it with --mode lake, or give a snapshot a round committed");
    }
    return snapshot;
  }
}
