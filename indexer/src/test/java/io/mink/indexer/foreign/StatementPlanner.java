package io.mink.indexer.foreign;

import io.mink.lake.MinkSnapshot;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;

/**
 * Writes the Spark statement of a procedure for a table as it is now, as a user would: rewrites with and without
 * rewrite-all, sometimes of one Kafka partition; rollbacks to a recent ancestor (mostly one of Mink's, so Mink must
 * tier its rows again); expiry of all but the newest snapshots down to the newest Mink snapshot; DELETEs by offset
 * pattern or by key. Null when the procedure has nothing to act on yet.
 */
final class StatementPlanner {
  private static final int PARTITIONS = ForeignWritersIT.PARTITIONS;

  private final String qualifiedName;
  private final String sparkName;
  private final boolean upsert;
  private final int keySpace;
  private final Random random;
  private int columns;
  private int touches;

  StatementPlanner(String qualifiedName, boolean upsert, int keySpace, Random random) {
    this.qualifiedName = qualifiedName;
    this.sparkName = "mink." + qualifiedName;
    this.upsert = upsert;
    this.keySpace = keySpace;
    this.random = random;
  }

  /**
   * The statement, for {@code table} as loaded right before the round it may run inside, which started at
   * {@code roundStart}.
   */
  ForeignStatement plan(ForeignProcedure procedure, Table table, Instant roundStart) {
    return switch (procedure) {
      case REWRITE_DATA_FILES -> rewrite(procedure, "map('min-input-files','2')");
      case REWRITE_ALL -> rewrite(procedure, "map('rewrite-all','true')");
      case REWRITE_POSITION_DELETES ->
        hasDeleteFiles(table)
            ? ForeignStatement.sql(
                procedure,
                call("rewrite_position_delete_files") + ", options => map('rewrite-all','true'))")
            : null;
      case ROLLBACK -> rollback(table);
      case EXPIRE_SNAPSHOTS -> expire(table);
      case REMOVE_ORPHANS ->
        new ForeignStatement(
            procedure,
            "remove_orphan_files of files older than " + roundStart.minusSeconds(1)
                + " (Spark action)",
            null,
            roundStart.minusSeconds(1),
            null);
      case ADD_COLUMN ->
        ForeignStatement.sql(
            procedure,
            "ALTER TABLE " + sparkName + " ADD COLUMN spark_note_" + ++columns + " string");
      case SET_PROPERTIES ->
        ForeignStatement.sql(
            procedure,
            "ALTER TABLE " + sparkName + " SET TBLPROPERTIES ('spark.touch'='" + ++touches
                + "', 'write.parquet.compression-codec'='"
                + (random.nextBoolean() ? "snappy" : "zstd") + "')");
      case DELETE, DELETE_PARTITION_SCOPED -> delete(procedure);
    };
  }

  /** The table property a DELETE of the procedure needs, set between rounds before it: the delete granularity. */
  static String granularity(ForeignProcedure procedure) {
    return procedure == ForeignProcedure.DELETE_PARTITION_SCOPED ? "partition" : "file";
  }

  private ForeignStatement rewrite(ForeignProcedure procedure, String options) {
    String where = random.nextInt(3) == 0
        ? ", where => '_kafka_partition = " + random.nextInt(PARTITIONS) + "'"
        : "";
    return ForeignStatement.sql(
        procedure, call("rewrite_data_files") + where + ", options => " + options + ")");
  }

  private String call(String procedure) {
    return "CALL mink.system." + procedure + "(table => '" + qualifiedName + "'";
  }

  static boolean hasDeleteFiles(Table table) {
    Snapshot current = table.currentSnapshot();
    return current != null
        && Long.parseLong(current.summary().getOrDefault("total-delete-files", "0")) > 0;
  }

  /**
   * Back to a recent ancestor: mostly one of Mink's, one to four snapshots back, else any of the last four whose
   * lineage the metadata still holds a Mink snapshot of. An operator who rolls back further, past what expiry kept of
   * Mink's snapshots, leaves Mink no offsets to go on: Mink refuses to tier such a table (docs/operations.md), which is
   * not what this suite checks.
   */
  private ForeignStatement rollback(Table table) {
    List<Snapshot> ancestors = ancestors(table);
    List<Snapshot> candidates = new ArrayList<>();
    boolean minkOnly = random.nextInt(4) != 0;
    for (int i = 1; i < Math.min(ancestors.size(), 5); i++) {
      Snapshot ancestor = ancestors.get(i);
      boolean minkInLineage =
          ancestors.subList(i, ancestors.size()).stream().anyMatch(MinkSnapshot::isMink);
      if (minkInLineage && (!minkOnly || MinkSnapshot.isMink(ancestor))) {
        candidates.add(ancestor);
      }
    }
    if (candidates.isEmpty()) {
      return null;
    }
    long target = candidates.get(random.nextInt(candidates.size())).snapshotId();
    return new ForeignStatement(
        ForeignProcedure.ROLLBACK,
        "CALL mink.system.rollback_to_snapshot('" + qualifiedName + "', " + target + ")",
        null,
        null,
        target);
  }

  /**
   * Expires every snapshot older than now but the newest ones of the current lineage, down to its newest Mink
   * snapshot at least, whose offsets are the table's: an operator keeps what the writer needs. Null when nothing would
   * expire.
   */
  private ForeignStatement expire(Table table) {
    List<Snapshot> ancestors = ancestors(table);
    int toNewestMink = 1;
    while (toNewestMink <= ancestors.size()
        && !MinkSnapshot.isMink(ancestors.get(toNewestMink - 1))) {
      toNewestMink++;
    }
    int retain = toNewestMink + random.nextInt(2);
    int snapshots = 0;
    for (Snapshot ignored : table.snapshots()) {
      snapshots++;
    }
    if (snapshots <= retain) {
      return null;
    }
    return ForeignStatement.sql(
        ForeignProcedure.EXPIRE_SNAPSHOTS,
        call("expire_snapshots") + ", older_than => TIMESTAMP '"
            + ForeignWritersIT.sqlTimestamp(Instant.now()) + "', retain_last => " + retain + ")");
  }

  /** The current snapshot and its ancestors that the metadata still has, newest first. */
  private static List<Snapshot> ancestors(Table table) {
    List<Snapshot> ancestors = new ArrayList<>();
    Snapshot snapshot = table.currentSnapshot();
    while (snapshot != null) {
      ancestors.add(snapshot);
      snapshot = snapshot.parentId() == null ? null : table.snapshot(snapshot.parentId());
    }
    return ancestors;
  }

  /**
   * A merge-on-read DELETE (the tables are created with write.delete.mode=merge-on-read): rows whose offset falls on a
   * pattern, in one Kafka partition or all, or (upsert tables) a few keys.
   */
  private ForeignStatement delete(ForeignProcedure procedure) {
    if (upsert && random.nextBoolean()) {
      Set<String> keys = new TreeSet<>();
      while (keys.size() < 3) {
        keys.add("key-" + random.nextInt(keySpace));
      }
      return new ForeignStatement(
          procedure,
          "DELETE FROM " + sparkName + " WHERE CAST(_kafka_key AS STRING) IN ('"
              + String.join("', '", keys) + "')",
          record -> keys.contains(record.key()),
          null,
          null);
    }
    int modulus = 3 + random.nextInt(4);
    int remainder = random.nextInt(modulus);
    Integer partition = random.nextBoolean() ? random.nextInt(PARTITIONS) : null;
    String where = "_kafka_offset % " + modulus + " = " + remainder
        + (partition == null ? "" : " AND _kafka_partition = " + partition);
    return new ForeignStatement(
        procedure,
        "DELETE FROM " + sparkName + " WHERE " + where,
        record -> record.offset() % modulus == remainder
            && (partition == null || record.partition() == partition),
        null,
        null);
  }
}
