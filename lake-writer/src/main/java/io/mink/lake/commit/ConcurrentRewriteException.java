package io.mink.lake.commit;

import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.ValidationException;

/**
 * Another writer removed or changed files that a round compacts or deletes rows from while the round ran: a
 * rewrite_data_files, an expiry or a DELETE of another engine. Iceberg refused the round's row delta, so nothing of it
 * is in the table; the round is dropped and planned again from the table as it is now.
 */
public class ConcurrentRewriteException extends CommitFailedException {
  public ConcurrentRewriteException(String table, ValidationException refusal) {
    super(
        refusal,
        "Another writer changed the files of table %s that this round compacts or deletes rows from (%s). The"
            + " round is dropped and planned again from the table as it is now",
        table,
        refusal.getMessage());
  }

  /**
   * The refusal as a lost race when it is Iceberg's validation of a row delta against what other writers committed;
   * any other failure as it is. Mink's own fences ({@link OffsetConflictException}, {@link SchemaConflictException})
   * say so themselves.
   */
  static RuntimeException ofRowDeltaRefusal(
      String table, RoundCommit round, RuntimeException failure) {
    boolean rowDelta = !round.deletes().isEmpty() || !round.compaction().isEmpty();
    if (rowDelta
        && failure instanceof ValidationException refusal
        && !(failure instanceof OffsetConflictException)
        && !(failure instanceof SchemaConflictException)) {
      return new ConcurrentRewriteException(table, refusal);
    }
    return failure;
  }
}
