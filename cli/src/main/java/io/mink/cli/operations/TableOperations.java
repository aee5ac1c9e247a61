package io.mink.cli.operations;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.redecode.RedecodeScope;
import io.mink.indexer.redecode.Redecoded;
import java.time.Duration;

/**
 * The table operations of the mink command: add (or attach), alter, remove, resume and
 * redecode. Each checks its request
 * before any I/O, then works on the tables topic, Kafka and the catalog, and returns what it did as a record. A
 * failure is a {@link io.mink.indexer.errors.MinkException} whose category says who is at fault.
 */
public final class TableOperations {
  private final MinkConfig config;
  private final Progress progress;

  /** @param progress where an operation that waits says what it waits for */
  public TableOperations(MinkConfig config, Progress progress) {
    this.config = requireNonNull(config, "config is null");
    this.progress = requireNonNull(progress, "progress is null");
  }

  /** Makes a topic a table: creates its Iceberg table, or attaches to the existing one, and records it. */
  public AddedTable add(AddRequest request) {
    TableAddition addition = TableAddition.of(request, config);
    try (TableStoreSession session = TableStoreSession.open(config)) {
      return addition.run(session, progress);
    }
  }

  /** Changes a table's freshness, options or compaction. */
  public AlteredTable alter(String table, AlterPlan.Request request) {
    try (TableStoreSession session = TableStoreSession.open(config)) {
      return TableAlteration.alter(session, table, request);
    }
  }

  /**
   * Removes a table: moves it to removing, and finishes the removal here when no sidecar runs; with {@code wait},
   * waits until the sidecar that owns the table has finished it.
   *
   * @param wait null to return once the sidecar has been handed the removal
   * @param handedOver called when a sidecar owns the removal, before any wait
   */
  public RemovedTable remove(
      String table, boolean keepTable, Duration wait, RemovalListener handedOver) {
    try (TableStoreSession session = TableStoreSession.open(config)) {
      TableRemover remover = new TableRemover(session);
      Removal removal = remover.start(table, keepTable);
      handedOver.started(removal);
      if (removal.members() == 0) {
        remover.finish(removal);
        return new RemovedTable(removal, true, true);
      }
      if (wait == null) {
        return new RemovedTable(removal, false, false);
      }
      boolean finishedHere = remover.awaitGone(removal, wait, progress);
      return new RemovedTable(removal, true, finishedHere);
    }
  }

  /** Lets a table the sidecar stopped go on; past a gap only with {@code acceptGap}. */
  public ResumedTable resume(String table, boolean acceptGap) {
    try (TableStoreSession session = TableStoreSession.open(config)) {
      return TableResumption.resume(session, table, acceptGap);
    }
  }

  /** Decodes again the raw parts of a table's rows in the scope, and commits the files it rewrote. */
  public Redecoded redecode(String table, RedecodeScope scope) {
    try (TableStoreSession session = TableStoreSession.open(config)) {
      return TableRedecoding.redecode(session, table, scope);
    }
  }

  /** Hears of a removal once the entry is removing, before the operation waits or finishes it. */
  @FunctionalInterface
  public interface RemovalListener {
    void started(Removal removal);
  }
}
