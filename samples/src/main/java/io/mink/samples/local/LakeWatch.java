package io.mink.samples.local;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.testkit.SidecarProcess;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;

/** Reads the embedded lake the way any Iceberg reader would, and waits for the sidecar's commits. */
public final class LakeWatch {
  private static final Duration WAIT = Duration.ofMinutes(3);

  private final Catalog catalog;
  private final LakeSettings settings;
  private final SidecarProcess sidecar;

  /** Watches the lake that {@code sidecar} writes, failing at once if the sidecar stops. */
  public LakeWatch(LakeSettings settings, SidecarProcess sidecar) {
    this.settings = settings;
    this.sidecar = sidecar;
    this.catalog = CatalogLoader.load(settings);
  }

  public LakeSettings settings() {
    return settings;
  }

  public Table table(String namespace, String name) {
    return catalog.loadTable(TableIdentifier.of(namespace, name));
  }

  /** Waits until the newest Mink snapshot of the table records these next offsets, and returns the table. */
  public Table awaitOffsets(String namespace, String name, Map<Integer, Long> endOffsets) {
    TableIdentifier identifier = TableIdentifier.of(namespace, name);
    LakeOffsets expected = LakeOffsets.of(endOffsets);
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      sidecar.checkRunning();
      try {
        Table table = catalog.loadTable(identifier);
        Optional<MinkSnapshot> newest = MinkSnapshot.newest(table);
        if (newest.isPresent() && newest.get().offsets().equals(expected)) {
          return table;
        }
      } catch (NoSuchTableException notYet) {
        // mink table add creates it
      }
      pause();
    }
    throw new IllegalStateException("The sidecar did not index " + identifier + " to offsets "
        + expected + " within " + WAIT.toMinutes() + " minutes: see the output of mink serve");
  }

  private static void pause() {
    try {
      Thread.sleep(250);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for the sidecar", e);
    }
  }
}
