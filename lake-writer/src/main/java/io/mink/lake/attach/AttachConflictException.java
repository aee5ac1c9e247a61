package io.mink.lake.attach;

/** The table changed between the attach checks and the baseline commit; nothing was committed. */
public final class AttachConflictException extends RuntimeException {
  public AttachConflictException(String table, String change) {
    super("Table " + table + " changed while Mink attached to it (" + change
        + "): nothing was changed; " + "run mink table add --attach again");
  }
}
