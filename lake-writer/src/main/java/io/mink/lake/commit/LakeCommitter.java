package io.mink.lake.commit;

import static java.util.Objects.requireNonNull;

import io.mink.lake.MinkSnapshot;
import io.mink.schema.table.SchemaStep;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotUpdate;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.UpdateSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits a round as one snapshot whose summary carries the new offsets, fenced by a
 * compare-and-set on the offsets the round started from. A round that loses the race deletes its
 * data files and throws {@link OffsetConflictException}.
 */
public final class LakeCommitter {
  private static final Logger LOG = LoggerFactory.getLogger(LakeCommitter.class);

  private final CommitHook hook;

  public LakeCommitter(CommitHook hook) {
    this.hook = requireNonNull(hook, "hook is null");
  }

  /**
   * Commits the round and returns the snapshot it made. A round refused before its swap reached the catalog deletes
   * its files; a round whose swap may have landed (the catalog's answer lost) keeps them, as the table may reference
   * them, and succeeds if the catalog shows its snapshot.
   */
  public MinkSnapshot commit(Table table, RoundCommit round) {
    return commit(table, round, true);
  }

  /**
   * Commits like {@link #commit(Table, RoundCommit)}, except that a refused commit leaves its files in place: the
   * caller commits them again on the table as it is now (a rewrite whose files still hold, as a round's offsets moved
   * on), or deletes them ({@link #deleteFiles}).
   */
  public MinkSnapshot commitKeepingFiles(Table table, RoundCommit round) {
    return commit(table, round, false);
  }

  private MinkSnapshot commit(Table table, RoundCommit round, boolean deleteRefused) {
    TableOperations operations = ((HasTableOperations) table).operations();
    OffsetFencedOperations fencedOperations = new OffsetFencedOperations(
        operations, table.name(), round.startOffsets(), hook, round.schemaEvolution());
    Table fenced = new BaseTable(fencedOperations, table.name());
    try {
      if (round.schemaEvolution().isPresent()) {
        Transaction transaction = fenced.newTransaction();
        for (SchemaStep step : round.schemaEvolution().get().steps()) {
          UpdateSchema update = transaction.updateSchema();
          step.applyTo(update);
          update.commit();
        }
        dataUpdate(round, transaction::newAppend, transaction::newRowDelta).commit();
        transaction.commitTransaction();
      } else {
        dataUpdate(round, fenced::newAppend, fenced::newRowDelta).commit();
      }
    } catch (RuntimeException e) {
      RuntimeException failure = SwapRefusedException.unwrap(e);
      if (!fencedOperations.mayHaveCommitted()) {
        if (deleteRefused) {
          deleteFiles(table, round);
        }
        throw ConcurrentRewriteException.ofRowDeltaRefusal(table.name(), round, failure);
      }
      confirmCommitted(table, round, failure);
    }
    table.refresh();
    return findRound(table, round)
        .orElseThrow(() -> new IllegalStateException("Round " + round.roundId()
            + " was committed to " + table.name() + " but its snapshot is not there"));
  }

  /**
   * Returns when the catalog shows the round's snapshot; else throws {@code failure}, the round's files left in
   * place: a commit whose answer was lost may still land, and the files of one that did not are orphans that
   * maintenance deletes.
   */
  private static void confirmCommitted(Table table, RoundCommit round, RuntimeException failure) {
    boolean committed;
    try {
      committed = committed(table, round);
    } catch (RuntimeException lookup) {
      failure.addSuppressed(lookup);
      LOG.warn(
          "Round {} on {} may have committed, but the catalog cannot say now: its files stay, and the next round"
              + " starts from the offsets the table holds",
          round.roundId(),
          table.name());
      throw failure;
    }
    if (!committed) {
      LOG.warn(
          "Round {} on {} did not commit as far as the catalog shows: its files stay, unreferenced, until"
              + " maintenance deletes orphan files",
          round.roundId(),
          table.name());
      throw failure;
    }
    LOG.info(
        "Commit of round {} on {} succeeded though the catalog did not confirm it",
        round.roundId(),
        table.name());
  }

  /**
   * The round's snapshot: an append of its files; when it compacted small files or deletes rows (an upsert table),
   * a row delta that adds its files and the compacted ones, removes the files they replace and adds its delete
   * files, and fails when another writer removed one of those files or added deletes to them while the round ran
   * (a rewrite_data_files or a DELETE of another engine), so that no row is written twice or comes back. Each merges
   * small manifests as Iceberg's commit.manifest-merge.enabled and
   * commit.manifest.min-count-to-merge say (on, 100 by default), so the manifest list of a table
   * committed every few seconds stays short.
   */
  private static SnapshotUpdate<?> dataUpdate(
      RoundCommit round, Supplier<AppendFiles> append, Supplier<RowDelta> rowDelta) {
    SnapshotUpdate<?> update;
    if (!round.deletes().isEmpty() || !round.compaction().isEmpty()) {
      RowDelta delta = rowDelta.get();
      round.dataFiles().forEach(delta::addRows);
      round.compaction().added().forEach(delta::addRows);
      round.compaction().removed().forEach(delta::removeRows);
      round.deletes().addTo(delta, round.baseSnapshotId());
      update = delta;
    } else {
      AppendFiles files = append.get();
      round.dataFiles().forEach(files::appendFile);
      update = files;
    }
    round.summary().forEach(update::set);
    update.set(MinkSnapshot.COMMIT_USER_PROPERTY, MinkSnapshot.COMMIT_USER);
    update.set(MinkSnapshot.OFFSETS_PROPERTY, round.endOffsets().encode());
    update.set(MinkSnapshot.ROUND_PROPERTY, round.roundId());
    return update;
  }

  private static boolean committed(Table table, RoundCommit round) {
    table.refresh();
    return findRound(table, round).isPresent();
  }

  private static Optional<MinkSnapshot> findRound(Table table, RoundCommit round) {
    for (Snapshot snapshot : table.snapshots()) {
      if (MinkSnapshot.isMink(snapshot)
          && round.roundId().equals(snapshot.summary().get(MinkSnapshot.ROUND_PROPERTY))) {
        return Optional.of(MinkSnapshot.of(snapshot));
      }
    }
    return Optional.empty();
  }

  /** Deletes the files of a round that did not commit: its data files, its compaction's and its delete files. */
  public static void deleteFiles(Table table, RoundCommit round) {
    Set<String> written = new LinkedHashSet<>();
    round.dataFiles().forEach(file -> written.add(file.location()));
    round.compaction().added().forEach(file -> written.add(file.location()));
    round.deletes().added().forEach(file -> written.add(file.location()));
    for (String location : written) {
      try {
        table.io().deleteFile(location);
      } catch (RuntimeException e) {
        LOG.warn(
            "Cannot delete file {} of aborted round {}: it is unreferenced and can be removed",
            location,
            round.roundId(),
            e);
      }
    }
  }
}
