package io.mink.indexer.foreign;

import io.mink.indexer.foreign.ProducedRecords.Produced;
import io.mink.testkit.SparkReader;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * One thing Spark does to a table: a SQL statement (a procedure CALL, ALTER TABLE, DELETE), or orphan file removal
 * through Iceberg's Spark action.
 *
 * @param text the SQL, or what the action does
 * @param deletes for a DELETE, the rows its WHERE clause matches, evaluated apart from Spark; else null
 * @param orphansOlderThan for orphan removal, the age it takes; else null
 * @param rollbackTarget for a rollback, the snapshot it makes current; else null
 */
record ForeignStatement(
    ForeignProcedure procedure,
    String text,
    Predicate<Produced> deletes,
    Instant orphansOlderThan,
    Long rollbackTarget) {
  static ForeignStatement sql(ForeignProcedure procedure, String sql) {
    return new ForeignStatement(procedure, sql, null, null, null);
  }

  /** Runs it on {@code qualifiedTable} (namespace.table) and returns Spark's answer, shortened. */
  String run(SparkReader spark, String qualifiedTable) {
    if (orphansOlderThan != null) {
      List<String> removed = spark.removeOrphanFiles(qualifiedTable, orphansOlderThan);
      return "removed " + removed.size() + " orphan files"
          + (removed.isEmpty() ? "" : " " + removed);
    }
    List<Map<String, Object>> rows = spark.sql(text);
    return rows.isEmpty()
        ? "no rows"
        : rows.size() == 1 ? rows.get(0).toString() : rows.size() + " rows";
  }

  @Override
  public String toString() {
    return text;
  }
}
