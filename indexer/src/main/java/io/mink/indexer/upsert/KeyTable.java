package io.mink.indexer.upsert;

import java.util.Arrays;

/**
 * A map from key hash to a location (a non-negative long), open addressing with linear probing: 24 bytes a slot,
 * 35 to {@value #MAX_LOAD_PERCENT} % full, so a key costs 34 to 69 bytes.
 */
final class KeyTable {
  static final long ABSENT = -1;
  private static final int MAX_LOAD_PERCENT = 70;
  private static final int SLOT_BYTES = 24;

  private long[] highs;
  private long[] lows;
  private long[] locations;
  private int size;
  private int mask;

  KeyTable() {
    allocate(1024);
  }

  int size() {
    return size;
  }

  /** The bytes the table's arrays take. */
  long memoryBytes() {
    return (long) locations.length * SLOT_BYTES;
  }

  /** The bytes the table would take after growing to hold one more key. */
  long memoryBytesWithOneMore() {
    return needsGrowth(size + 1) ? memoryBytes() * 2 : memoryBytes();
  }

  long get(long high, long low) {
    int slot = find(high, low);
    return slot < 0 ? ABSENT : locations[slot];
  }

  /** Maps the hash to {@code location} and returns the location it had, or {@link #ABSENT}. */
  long put(long high, long low, long location) {
    if (location < 0) {
      throw new IllegalArgumentException("A location is not negative: " + location);
    }
    int slot = find(high, low);
    if (slot >= 0) {
      long previous = locations[slot];
      locations[slot] = location;
      return previous;
    }
    if (needsGrowth(size + 1)) {
      allocate(locations.length * 2);
    }
    insert(high, low, location);
    size++;
    return ABSENT;
  }

  /** Removes the hash and returns the location it had, or {@link #ABSENT}. */
  long remove(long high, long low) {
    int slot = find(high, low);
    if (slot < 0) {
      return ABSENT;
    }
    long previous = locations[slot];
    size--;
    int hole = slot;
    int next = (hole + 1) & mask;
    while (locations[next] != ABSENT) {
      int home = home(lows[next]);
      if (((next - home) & mask) >= ((next - hole) & mask)) {
        highs[hole] = highs[next];
        lows[hole] = lows[next];
        locations[hole] = locations[next];
        hole = next;
      }
      next = (next + 1) & mask;
    }
    locations[hole] = ABSENT;
    return previous;
  }

  /** Calls {@code visitor} with every entry. */
  void forEach(EntryVisitor visitor) {
    for (int slot = 0; slot < locations.length; slot++) {
      if (locations[slot] != ABSENT) {
        visitor.visit(highs[slot], lows[slot], locations[slot]);
      }
    }
  }

  @FunctionalInterface
  interface EntryVisitor {
    void visit(long high, long low, long location);
  }

  private boolean needsGrowth(int count) {
    return (long) count * 100 > (long) locations.length * MAX_LOAD_PERCENT;
  }

  private int find(long high, long low) {
    int slot = home(low);
    while (locations[slot] != ABSENT) {
      if (highs[slot] == high && lows[slot] == low) {
        return slot;
      }
      slot = (slot + 1) & mask;
    }
    return -1;
  }

  private void insert(long high, long low, long location) {
    int slot = home(low);
    while (locations[slot] != ABSENT) {
      slot = (slot + 1) & mask;
    }
    highs[slot] = high;
    lows[slot] = low;
    locations[slot] = location;
  }

  private int home(long low) {
    return (int) (low ^ (low >>> 32)) & mask;
  }

  private void allocate(int capacity) {
    long[] oldHighs = highs;
    long[] oldLows = lows;
    long[] oldLocations = locations;
    highs = new long[capacity];
    lows = new long[capacity];
    locations = new long[capacity];
    Arrays.fill(locations, ABSENT);
    mask = capacity - 1;
    if (oldLocations != null) {
      for (int slot = 0; slot < oldLocations.length; slot++) {
        if (oldLocations[slot] != ABSENT) {
          insert(oldHighs[slot], oldLows[slot], oldLocations[slot]);
        }
      }
    }
  }
}
