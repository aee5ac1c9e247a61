package io.mink.lake;

import static java.util.Objects.requireNonNull;

import io.mink.schema.table.SchemaStep;
import java.util.Optional;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.exceptions.CommitStateUnknownException;
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

  /** Commits the round and returns the snapshot it made. */
  public MinkSnapshot commit(Table table, RoundCommit round) {
    TableOperations operations = ((HasTableOperations) table).operations();
    Table fenced = new BaseTable(new OffsetFencedOperations(
        operations, table.name(), round.startOffsets(), hook, round.schemaEvolution()), table.name());
    try {
      if (round.schemaEvolution().isPresent()) {
        Transaction transaction = fenced.newTransaction();
        for (SchemaStep step : round.schemaEvolution().get().steps()) {
          UpdateSchema update = transaction.updateSchema();
          step.applyTo(update);
          update.commit();
        }
        append(transaction.newFastAppend(), round).commit();
        transaction.commitTransaction();
      } else {
        append(fenced.newFastAppend(), round).commit();
      }
    } catch (OffsetConflictException | SchemaConflictException e) {
      deleteFiles(table, round);
      throw e;
    } catch (CommitStateUnknownException e) {
      if (committed(table, round)) {
        LOG.info("Commit of round {} on {} succeeded though the catalog did not confirm it", round.roundId(),
            table.name());
      } else {
        throw e;
      }
    } catch (RuntimeException e) {
      deleteFiles(table, round);
      throw e;
    }
    table.refresh();
    return findRound(table, round).orElseThrow(() -> new IllegalStateException(
        "Round " + round.roundId() + " was committed to " + table.name() + " but its snapshot is not there"));
  }

  private static AppendFiles append(AppendFiles append, RoundCommit round) {
    round.dataFiles().forEach(append::appendFile);
    round.summary().forEach(append::set);
    append.set(MinkSnapshot.COMMIT_USER_PROPERTY, MinkSnapshot.COMMIT_USER);
    append.set(MinkSnapshot.OFFSETS_PROPERTY, round.endOffsets().encode());
    append.set(MinkSnapshot.ROUND_PROPERTY, round.roundId());
    return append;
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

  /** Deletes the data files of a round that did not commit. */
  public static void deleteFiles(Table table, RoundCommit round) {
    for (DataFile file : round.dataFiles()) {
      try {
        table.io().deleteFile(file.location());
      } catch (RuntimeException e) {
        LOG.warn("Cannot delete data file {} of aborted round {}: it is unreferenced and can be removed",
            file.location(), round.roundId(), e);
      }
    }
  }
}
