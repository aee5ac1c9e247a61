package io.mink.cli.operations;

import io.mink.indexer.config.Durations;
import io.mink.indexer.errors.MinkException;
import io.mink.indexer.lifecycle.TableRemoval;
import io.mink.indexer.schedule.TieringSettings;
import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code mink table remove}: moves the entry to removing; the sidecar that owns the table drops it and deletes the
 * entry, or, with no sidecar running, the command does.
 */
final class TableRemover {
  private static final int ATTEMPTS = 2;
  private static final Duration POLL = Duration.ofSeconds(1);

  private final TableStoreSession session;

  TableRemover(TableStoreSession session) {
    this.session = session;
  }

  /** The table's entry moved to removing, or as it is if it is removing already, with the sidecars that may own it. */
  Removal start(String name, boolean keepTable) {
    String ownersGroup = TieringSettings.of(session.config().indexer()).ownersGroupId();
    members(ownersGroup); // fails here, before any change, when Mink may not describe the group
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      TableDescriptor current = session.require(name);
      if (current.state() == LifecycleState.REMOVING) {
        return new Removal(current, true, ownersGroup, members(ownersGroup));
      }
      Map<String, String> options = new TreeMap<>(current.options());
      if (keepTable) {
        options.put(TableRemoval.KEEP_TABLE_OPTION, "true");
      }
      TableDescriptor removing = current
          .withOptions(options)
          .withLifecycle(new Lifecycle(LifecycleState.REMOVING, Instant.now(), reason()));
      if (session.replace(current, removing)) {
        return new Removal(removing, false, ownersGroup, members(ownersGroup));
      }
    }
    throw changedMeanwhile(name);
  }

  /** Drops the Iceberg table (unless kept) and deletes the entry, here, as no instance owns the table. */
  void finish(Removal removal) {
    TableDescriptor removing = removal.removing();
    boolean deleted;
    try {
      deleted = TableRemoval.finish(
          removing, LakeReader.open(session.config().lake()).tables(), session.store());
    } catch (MinkException e) {
      throw e;
    } catch (RuntimeException e) {
      throw MinkException.external(
          "Cannot finish removing table " + removing.qualifiedName() + " ("
              + Connections.rootMessage(e)
              + "): check that Kafka and the catalog are up, then run mink table remove "
              + removing.qualifiedName() + " again",
          e);
    }
    if (!deleted) {
      throw changedMeanwhile(removing.qualifiedName());
    }
  }

  /**
   * Polls until the entry is gone; finishes the removal here if the last instance left meanwhile. Returns whether
   * the command finished it; an outage when the time runs out.
   */
  boolean awaitGone(Removal removal, Duration timeout, Progress progress) {
    String name = removal.removing().qualifiedName();
    progress.note(String.format(
        "Waiting up to %s for the sidecar to finish removing table %s",
        Durations.format(timeout), name));
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      Pause.sleep(POLL);
      Optional<TableDescriptor> current = session.find(name);
      if (current.isEmpty()) {
        return false;
      }
      if (current.get().equals(removal.removing()) && members(removal.ownersGroup()) == 0) {
        finish(removal);
        return true;
      }
    }
    throw MinkException.external(
        "Table " + name + " is still removing after " + Durations.format(timeout)
            + ": check that the sidecars run (mink cluster stats), or stop them and run mink table remove "
            + name
            + " again to finish it here");
  }

  private int members(String ownersGroup) {
    return OwnersGroup.members(session.admin(), session.clients(), ownersGroup);
  }

  private static MinkException changedMeanwhile(String name) {
    return MinkException.conflict("Table " + name
        + " changed meanwhile (another client altered or removed it): " + "run the command again");
  }

  /** Who removed the table, for the reason its state records. */
  private static String reason() {
    String who = System.getProperty("user.name", "unknown");
    try {
      who += "@" + InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      // the user alone then
    }
    return "removed by mink table remove (" + who + ")";
  }
}
