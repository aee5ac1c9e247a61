package io.mink.indexer.schedule;

/**
 * A round lost its hold on the table before it committed: its worker was timed out, the table moved to
 * another instance or was removed, or the sidecar is stopping. The round's files are deleted and
 * nothing is committed; the table's current holder reads the same offsets again.
 */
public final class LeaseLostException extends RuntimeException {
  public LeaseLostException(String table, long epoch, String reason) {
    super("Round of table " + table + " under epoch " + epoch + " stopped without committing: "
        + reason);
  }
}
