package io.mink.indexer.upsert;

import io.mink.lake.write.deletes.LakeKeyScan;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.iceberg.Table;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An upsert table's key index: per Kafka partition, where each live key's row is in the lake, as of one snapshot.
 * A partition is read from the lake's _kafka_key column the first time a round needs it and kept while it fits
 * the sidecar's {@link KeyIndexBudget}. When the table's current snapshot is not the one the index knows (a
 * restart, another instance's rounds, an engine's commit), the index starts over. A round that fails forgets it.
 */
public final class KeyIndex {
  private static final Logger LOG = LoggerFactory.getLogger(KeyIndex.class);

  private final String table;
  private final KeyIndexBudget budget;
  private final Map<Integer, PartitionKeys> partitions = new HashMap<>();
  private final Map<Integer, Long> reserved = new HashMap<>();
  private Long snapshotId;

  public KeyIndex(String table, KeyIndexBudget budget) {
    this.table = table;
    this.budget = budget;
  }

  /** Readies the index for a round that begins at the table's current snapshot, null when it has none. */
  public synchronized void beginRound(Long currentSnapshotId) {
    if (snapshotId == null || !snapshotId.equals(currentSnapshotId)) {
      forget();
      snapshotId = currentSnapshotId;
    }
  }

  /**
   * The keys of a partition: kept ones, or read from the lake now, all of them when they fit the budget, else only
   * those of {@code touched} (for this round, not kept).
   */
  synchronized PartitionKeys partition(Table lake, int partition, Set<KeyHash> touched) {
    PartitionKeys kept = partitions.get(partition);
    if (kept != null) {
      return kept;
    }
    PartitionKeys keys = new PartitionKeys();
    if (snapshotId == null) {
      keep(partition, keys);
      return keys;
    }
    long[] reservedBytes = {keys.memoryBytes()};
    boolean[] fits = {budget.tryReserve(reservedBytes[0])};
    long started = System.nanoTime();
    KeyTable offsets = new KeyTable();
    LakeKeyScan.scan(lake, snapshotId, partition, (key, offset, file, position) -> {
      KeyHash hash = hash(key);
      if (fits[0] && keys.memoryBytesWithOneMore() > reservedBytes[0]) {
        long more = keys.memoryBytesWithOneMore() - reservedBytes[0];
        fits[0] = budget.tryReserve(more);
        if (fits[0]) {
          reservedBytes[0] += more;
        }
      }
      if (fits[0] || touched.contains(hash)) {
        long stored = offset + 1;
        long seen = offsets.get(hash.high(), hash.low());
        if (seen != KeyTable.ABSENT && seen > stored) {
          keys.addStray(file, position);
          return;
        }
        offsets.put(hash.high(), hash.low(), stored);
        PartitionKeys.RowLocation older = keys.put(hash, file, position);
        if (older != null) {
          keys.addStray(older.file(), older.position());
        }
      }
    });
    if (fits[0]) {
      reserved.put(partition, reservedBytes[0]);
      partitions.put(partition, keys);
      LOG.info(
          "Key index of {} partition {}: {} keys read from the lake in {} ms, {} bytes",
          table,
          partition,
          keys.size(),
          (System.nanoTime() - started) / 1_000_000,
          reservedBytes[0]);
    } else {
      budget.release(reservedBytes[0]);
      LOG.warn(
          "The key index of {} partition {} does not fit the key index memory ({} bytes, {} in use): each "
              + "round reads the partition's keys from the lake instead, which is slower",
          table,
          partition,
          budget.limitBytes(),
          budget.usedBytes());
    }
    return keys;
  }

  /**
   * The round committed {@code committedSnapshotId}, having applied its changes to the kept partitions. The index
   * holds at that snapshot only when its parent is the snapshot the round began at: a commit of another engine that
   * landed while the round ran (a rewrite, a DELETE) changed rows the index does not know of, so it starts over.
   *
   * @param parentSnapshotId the committed snapshot's parent, null when it has none
   */
  public synchronized void committed(long committedSnapshotId, Long parentSnapshotId) {
    if (!Objects.equals(parentSnapshotId, snapshotId)) {
      LOG.info(
          "A commit of another writer landed on {} while its round ran (snapshot {} after {}): the key index is read "
              + "from the lake again",
          table,
          parentSnapshotId,
          snapshotId);
      forget();
      snapshotId = committedSnapshotId;
      return;
    }
    snapshotId = committedSnapshotId;
    for (Map.Entry<Integer, PartitionKeys> entry : partitions.entrySet()) {
      long now = entry.getValue().memoryBytes();
      long before = reserved.put(entry.getKey(), now);
      budget.reserve(now - before);
    }
    if (budget.exceeded()) {
      LOG.warn(
          "Key index memory exceeded ({} of {} bytes): {} forgets its key index, and rebuilds what fits",
          budget.usedBytes(),
          budget.limitBytes(),
          table);
      forget();
      snapshotId = committedSnapshotId;
    }
  }

  /** Forgets every partition: the next round reads the keys from the lake again. */
  public synchronized void forget() {
    reserved.values().forEach(budget::release);
    reserved.clear();
    partitions.clear();
    snapshotId = null;
  }

  private void keep(int partition, PartitionKeys keys) {
    long bytes = keys.memoryBytes();
    budget.reserve(bytes);
    reserved.put(partition, bytes);
    partitions.put(partition, keys);
  }

  static KeyHash hash(ByteBuffer key) {
    if (key.hasArray()) {
      return KeyHash.of(key.array(), key.arrayOffset() + key.position(), key.remaining());
    }
    byte[] bytes = new byte[key.remaining()];
    key.duplicate().get(bytes);
    return KeyHash.of(bytes);
  }
}
