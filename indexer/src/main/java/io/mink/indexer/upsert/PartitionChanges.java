package io.mink.indexer.upsert;

import java.util.Arrays;

/** The changes a round makes to one Kafka partition's keys, in offset order: each a put of a row or a delete. */
final class PartitionChanges {
  private long[] highs = new long[64];
  private long[] lows = new long[64];
  private boolean[] deletes = new boolean[64];
  private int size;

  void put(KeyHash key) {
    add(key, false);
  }

  void delete(KeyHash key) {
    add(key, true);
  }

  int size() {
    return size;
  }

  KeyHash key(int index) {
    return new KeyHash(highs[index], lows[index]);
  }

  boolean isDelete(int index) {
    return deletes[index];
  }

  /** Makes the change at {@code index} a delete of its key. */
  void makeDelete(int index) {
    deletes[index] = true;
  }

  /** Forgets the changes from {@code newSize} on. */
  void truncate(int newSize) {
    if (newSize < 0 || newSize > size) {
      throw new IllegalArgumentException("Cannot truncate " + size + " changes to " + newSize);
    }
    size = newSize;
  }

  private void add(KeyHash key, boolean delete) {
    if (size == highs.length) {
      highs = Arrays.copyOf(highs, size * 2);
      lows = Arrays.copyOf(lows, size * 2);
      deletes = Arrays.copyOf(deletes, size * 2);
    }
    highs[size] = key.high();
    lows[size] = key.low();
    deletes[size] = delete;
    size++;
  }
}
