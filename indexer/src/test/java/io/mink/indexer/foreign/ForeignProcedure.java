package io.mink.indexer.foreign;

/** What Spark does to a Mink table, as the suite counts it. */
enum ForeignProcedure {
  REWRITE_DATA_FILES("rewrite_data_files", Effect.SNAPSHOT, false),
  REWRITE_ALL("rewrite_data_files rewrite-all", Effect.SNAPSHOT, false),
  REWRITE_POSITION_DELETES("rewrite_position_delete_files", Effect.SNAPSHOT, true),
  ROLLBACK("rollback_to_snapshot", Effect.CURRENT_SNAPSHOT, false),
  EXPIRE_SNAPSHOTS("expire_snapshots", Effect.METADATA, false),
  REMOVE_ORPHANS("remove_orphan_files", Effect.NONE, false),
  ADD_COLUMN("ALTER TABLE ADD COLUMN", Effect.METADATA, false),
  SET_PROPERTIES("ALTER TABLE SET TBLPROPERTIES", Effect.METADATA, false),
  DELETE("DELETE merge-on-read", Effect.SNAPSHOT, false),
  DELETE_PARTITION_SCOPED("DELETE partition-scoped", Effect.SNAPSHOT, true);

  /** What a statement of the procedure commits. */
  enum Effect {
    /** A new snapshot whose parent was current. */
    SNAPSHOT,
    /** No snapshot: the current snapshot becomes an older one. */
    CURRENT_SNAPSHOT,
    /** Table metadata without a new snapshot: schema, properties, the snapshot list. */
    METADATA,
    /** Nothing: it deletes files and commits no metadata. */
    NONE
  }

  final String label;
  final Effect effect;
  final boolean formatTwoOnly;

  ForeignProcedure(String label, Effect effect, boolean formatTwoOnly) {
    this.label = label;
    this.effect = effect;
    this.formatTwoOnly = formatTwoOnly;
  }
}
