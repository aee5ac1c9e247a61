package io.mink.query.read;

import io.mink.indexer.errors.MinkException;
import io.mink.lake.AcceptedStart;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.TableMetadata;

/**
 * The lake snapshot a read pins once, for every partition, and the seams its tail continues from. The snapshot is the
 * one a read point or {@code --snapshot} names, else the table's current snapshot, whoever committed it: a DELETE or a
 * rewrite another engine committed after the last round is part of the read, as it is for any Iceberg engine. The
 * seams are the offsets of the newest Mink snapshot in the pinned snapshot's lineage (the snapshot itself or its
 * nearest ancestor a round committed), which say what Kafka records the snapshot's rows hold. A union read refuses a
 * snapshot whose lineage holds no Mink snapshot: its offsets are unknown. Pure.
 */
final class SnapshotPin {
  private SnapshotPin() {}

  /** The snapshot a read pinned, the offsets its lineage's newest Mink snapshot recorded (the seams), its schema. */
  record Pinned(Optional<Snapshot> snapshot, LakeOffsets seams, Schema schema) {
    OptionalLong id() {
      return snapshot
          .map(pinned -> OptionalLong.of(pinned.snapshotId()))
          .orElse(OptionalLong.empty());
    }
  }

  /**
   * The snapshot the request reads, with the seams of its lineage and the schema it was written with. In a union read,
   * a partition the lineage has no offset for continues from the table's accepted start (mink table add --from), kept
   * in its property mink.start-offsets, so the read begins where the table does.
   */
  static Pinned pinned(TableMetadata metadata, ReadRequest request, String table) {
    Optional<Snapshot> snapshot = pin(metadata, request, table);
    LakeOffsets seams =
        snapshot.map(pinned -> seams(metadata, pinned, request, table)).orElse(LakeOffsets.NONE);
    if (request.mode() == ReadMode.union) {
      seams = AcceptedStart.fromOptions(metadata.properties()).nextOffsets(seams);
    }
    return new Pinned(snapshot, seams, schema(metadata, snapshot));
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
    return Optional.ofNullable(metadata.currentSnapshot());
  }

  /** The schema the snapshot was written with; the table's current schema without a snapshot. */
  static Schema schema(TableMetadata metadata, Optional<Snapshot> snapshot) {
    Integer schemaId = snapshot.map(Snapshot::schemaId).orElse(null);
    Schema schema = schemaId == null ? null : metadata.schemasById().get(schemaId);
    return schema == null ? metadata.schema() : schema;
  }

  /**
   * The offsets of the newest Mink snapshot among the pinned snapshot and its ancestors. A lake read needs none; a
   * read with a tail refuses a lineage without one, as its tail would not know where the lake's rows end.
   */
  private static LakeOffsets seams(
      TableMetadata metadata, Snapshot pinned, ReadRequest request, String table) {
    Optional<MinkSnapshot> mink = MinkSnapshot.newestInLineageOf(metadata, pinned.snapshotId());
    if (mink.isPresent()) {
      return mink.get().offsets();
    }
    if (request.mode() == ReadMode.lake) {
      return LakeOffsets.NONE;
    }
    long id = pinned.snapshotId();
    if (request.at().isPresent()) {
      throw MinkException.conflict(
          "Cannot read " + table + " at this point again: no snapshot a round "
              + "committed is left at or before its snapshot " + id + " (snapshots expire after "
              + "mink.snapshot-retention); read without --at for the table as it is now");
    }
    if (request.snapshotId().isPresent()) {
      throw MinkException.user(
          "Snapshot " + id + " of " + table + " has no Kafka offsets for the tail to "
              + "continue from: neither it nor a snapshot before it was committed by a round. Read it with "
              + "--mode lake, or give a snapshot a round committed or one committed after a round");
    }
    throw MinkException.conflict(
        "Table " + table + " cannot be read with its Kafka tail: neither its "
            + "current snapshot " + id
            + " nor a snapshot before it was committed by a round, so the Kafka "
            + "offsets the lake holds are unknown (another engine wrote the table before its first round, or "
            + "expired the snapshots of its rounds). Read the lake alone with --mode lake, or Kafka alone with "
            + "--mode log");
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
    return snapshot;
  }
}
