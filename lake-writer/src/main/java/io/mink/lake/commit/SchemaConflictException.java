package io.mink.lake.commit;

import org.apache.iceberg.exceptions.ValidationException;

/**
 * The table's schema changed under a round that merges schema changes, so the field ids its files
 * carry may not be the ones the commit would assign. The round is dropped and planned again.
 */
public class SchemaConflictException extends ValidationException {
  public SchemaConflictException(String table, String reason) {
    super(
        "Table %s moved on while this round ran: %s. The round is dropped and planned again",
        table, reason);
  }
}
