package io.mink.indexer.schedule;

import io.mink.indexer.errors.ErrorCategories;
import io.mink.indexer.errors.ErrorCategory;
import io.mink.tables.acl.AccessDenied;
import io.mink.tables.acl.MinkAcls;
import io.mink.tables.acl.MinkResources;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A failed round as the schedule treats it, by its category: an outage is retried after the backoff; a gap, a
 * conflict, a user error or a bug stops the table until an operator resumes it, since retrying cannot help.
 */
record RoundFailure(String table, ErrorCategory category, String error) {
  private static final Logger LOG = LoggerFactory.getLogger(OwnedTables.class);

  /**
   * The failure of a round of {@code table}; a refusal for want of an ACL says what to grant. A round uses only its
   * table's topic and the group of {@code resources}: Kafka refuses nothing else in it. {@code kafkaSettings} give
   * the brokers and the principal of the grant command.
   */
  static RoundFailure of(
      String table, Throwable failure, MinkResources resources, Map<String, String> kafkaSettings) {
    String error = AccessDenied.of(failure, MinkAcls.SERVE, resources)
        .map(denied -> denied.message(kafkaSettings))
        .orElseGet(() -> describe(failure));
    return new RoundFailure(table, ErrorCategories.of(failure), error);
  }

  /**
   * The failure's message, and its root cause when the message does not already say it: a catalog client's "Error
   * occurred while processing GET request" alone does not tell that the connection was refused.
   */
  static String describe(Throwable failure) {
    String error = failure.getMessage() == null ? failure.toString() : failure.getMessage();
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    if (root == failure) {
      return error;
    }
    String cause = root.getMessage() == null
        ? root.getClass().getSimpleName()
        : root.getClass().getSimpleName() + ": " + root.getMessage();
    return error.contains(root.getMessage() == null ? cause : root.getMessage())
        ? error
        : error + " (" + cause + ")";
  }

  boolean retried() {
    return category == ErrorCategory.EXTERNAL;
  }

  /** The command that lets a stopped table go on. */
  String resumeCommand() {
    return "mink table resume " + table
        + (category == ErrorCategory.DATA_LOSS ? " --accept-gap" : "");
  }

  /** The error as the stopped table shows it: a bug says so. */
  String stopError() {
    return category == ErrorCategory.INTERNAL
        ? error + " (a bug in Mink, " + category + ": the sidecar's log has its stack trace)"
        : error;
  }

  /**
   * Logs the failure: a retried one the first three times in a row and every 20th after, a stopped one once, with
   * the stack trace when it is a bug.
   */
  void log(Throwable failure, TieringSchedule.TableSlot slot) {
    int inARow = slot.consecutiveFailures();
    if (retried() && (inARow <= 3 || inARow % 20 == 0)) {
      LOG.warn(
          "Round of {} failed ({} in a row), next try at {}: {}",
          table,
          inARow,
          slot.nextDue(),
          error,
          failure);
    } else if (!retried()) {
      LOG.warn(
          "Table {} is stopped ({}) and not retried until an operator runs {}: {}",
          table,
          category,
          resumeCommand(),
          error,
          category == ErrorCategory.INTERNAL ? failure : null);
    }
  }

  /** Logs the failure of a round whose table moved on meanwhile: nothing is scheduled by it. */
  static void logStale(RoundLease lease, Throwable failure) {
    LOG.info(
        "Round of {} under the stale epoch {} failed: {}",
        lease.table(),
        lease.epoch(),
        failure.getMessage());
  }
}
