package io.mink.lake.compaction;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.apache.iceberg.DataFile;

/**
 * Small files a round rewrote: the files it removes and the files that hold their rows now,
 * committed in the round's own snapshot.
 */
public record Compaction(List<DataFile> removed, List<DataFile> added) {
  public static final Compaction NONE = new Compaction(List.of(), List.of());

  public Compaction {
    removed = List.copyOf(requireNonNull(removed, "removed is null"));
    added = List.copyOf(requireNonNull(added, "added is null"));
  }

  /** This compaction and {@code other} in one. */
  public Compaction and(Compaction other) {
    if (other.isEmpty()) {
      return this;
    }
    if (isEmpty()) {
      return other;
    }
    List<DataFile> allRemoved = new java.util.ArrayList<>(removed);
    allRemoved.addAll(other.removed);
    List<DataFile> allAdded = new java.util.ArrayList<>(added);
    allAdded.addAll(other.added);
    return new Compaction(allRemoved, allAdded);
  }

  public boolean isEmpty() {
    return removed.isEmpty();
  }
}
