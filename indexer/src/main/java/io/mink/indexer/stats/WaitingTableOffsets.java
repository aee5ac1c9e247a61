package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import io.mink.lake.LakeOffsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The lake offsets of the tables waiting for their owner's first round, for the lag probe: each table's newest Mink
 * snapshot's offsets, loaded from the catalog once per table and epoch. While a table waits, only its owner's round
 * changes them, and that round raises the epoch and, once it ends, puts the offsets on the board; so a launch of many
 * tables loads each once, not again at every pass of the probe. Not thread-safe: the probe's thread alone uses it.
 */
final class WaitingTableOffsets {
  /** The offsets of a table loaded under {@code epoch}. */
  private record Loaded(long epoch, LakeOffsets offsets) {}

  private final LagRefresher.LakeOffsetsSource lake;
  private final Map<String, Loaded> loaded = new HashMap<>();

  WaitingTableOffsets(LagRefresher.LakeOffsetsSource lake) {
    this.lake = requireNonNull(lake, "lake is null");
  }

  /**
   * The offsets of a table whose status has no partitions yet: loaded for a new epoch, else as loaded before. A
   * table its owner found without a Mink snapshot as it took it, and has not committed a round of since (no last
   * tiered time), has none, and is not loaded: a launch of many new tables loads each once, for its round, not again
   * here. (When the owner could not read the catalog then, its lag counts from the log start until its first round.)
   */
  LakeOffsets offsets(TableStatus status) {
    if (status.lastTiered() == null) {
      return LakeOffsets.NONE;
    }
    Loaded known = loaded.get(status.table());
    if (known != null && known.epoch() == status.epoch()) {
      return known.offsets();
    }
    LakeOffsets offsets = lake.newestOffsets(status.table()).orElse(LakeOffsets.NONE);
    loaded.put(status.table(), new Loaded(status.epoch(), offsets));
    return offsets;
  }

  /** The table's round put its offsets on the board: they are no longer kept here. Returns {@code offsets}. */
  LakeOffsets ranRound(String table, LakeOffsets offsets) {
    loaded.remove(table);
    return offsets;
  }

  /** Forgets the tables no longer owned. */
  void retain(Set<String> owned) {
    loaded.keySet().retainAll(owned);
  }

  int size() {
    return loaded.size();
  }
}
