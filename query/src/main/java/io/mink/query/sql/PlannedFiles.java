package io.mink.query.sql;

import io.mink.query.read.LakeFiles;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Expression;

/**
 * The files of snapshots that statements planned, kept for the statements that plan the same again. A snapshot never
 * changes once committed, so a plan is keyed by what it was made of (the table's UUID, the snapshot id, the pushed
 * filter and the partitions) and never goes stale: a statement that finds a newer current snapshot plans that one.
 * Holds at most {@value #MAX_PLANS} plans and {@value #MAX_FILES} files, the least recently used going first.
 */
final class PlannedFiles {
  static final int MAX_PLANS = 64;
  static final long MAX_FILES = 200_000;

  /** What a plan was made of. */
  record Key(String tableUuid, long snapshotId, String filter, Set<Integer> partitions) {
    Key {
      partitions = Set.copyOf(partitions);
    }
  }

  private final Map<Key, LakeFiles> plans = new LinkedHashMap<>(16, 0.75f, true);
  private long files;

  /** The snapshot's files that may hold rows of the filter, planned now or by an earlier statement. */
  LakeFiles plan(Table table, long snapshotId, Expression filter, Collection<Integer> partitions) {
    Key key =
        new Key(table.uuid().toString(), snapshotId, filter.toString(), new TreeSet<>(partitions));
    synchronized (this) {
      LakeFiles known = plans.get(key);
      if (known != null) {
        return known;
      }
    }
    LakeFiles planned = LakeFiles.plan(table, snapshotId, filter, partitions);
    keep(key, planned);
    return planned;
  }

  /** How many plans are kept. */
  synchronized int size() {
    return plans.size();
  }

  private synchronized void keep(Key key, LakeFiles planned) {
    if (planned.fileCount() > MAX_FILES || plans.containsKey(key)) {
      return;
    }
    plans.put(key, planned);
    files += planned.fileCount();
    var eldest = plans.entrySet().iterator();
    while ((plans.size() > MAX_PLANS || files > MAX_FILES) && eldest.hasNext()) {
      files -= eldest.next().getValue().fileCount();
      eldest.remove();
    }
  }
}
