package io.mink.lake.commit;

import io.mink.lake.LakeOffsets;
import org.apache.iceberg.exceptions.ValidationException;

/**
 * The table's newest Mink snapshot no longer carries the offsets a round started from: another
 * writer committed in between. The round is aborted and planned again; nothing is committed twice.
 */
public class OffsetConflictException extends ValidationException {
  public OffsetConflictException(String table, LakeOffsets expected, LakeOffsets actual) {
    super(
        "Table %s moved on while this round ran: it started from offsets %s but the table is now at %s. "
            + "The round is dropped and planned again from the table's offsets",
        table, expected, actual);
  }
}
