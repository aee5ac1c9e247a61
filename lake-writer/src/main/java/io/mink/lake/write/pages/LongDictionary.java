package io.mink.lake.write.pages;

import java.util.Arrays;

/**
 * The dictionary of a column of fixed-width numbers (INT32, INT64, FLOAT and DOUBLE, by their bits): each
 * distinct value gets the next id, found again by one open-addressing probe sequence per value.
 */
public final class LongDictionary {
  private long[] keys = new long[1024];
  private int[] slots = new int[1024];
  private long[] values = new long[256];
  private int size;

  /** The id of {@code value}, given the next id if it is new. */
  public int idOf(long value) {
    int mask = slots.length - 1;
    int slot = mix(value) & mask;
    while (true) {
      int held = slots[slot];
      if (held == 0) {
        return add(value, slot);
      }
      if (keys[slot] == value) {
        return held - 1;
      }
      slot = (slot + 1) & mask;
    }
  }

  private int add(long value, int slot) {
    int id = size++;
    keys[slot] = value;
    slots[slot] = id + 1;
    if (id == values.length) {
      values = Arrays.copyOf(values, values.length * 2);
    }
    values[id] = value;
    if (size * 2 > slots.length) {
      grow();
    }
    return id;
  }

  private void grow() {
    long[] oldKeys = keys;
    int[] oldSlots = slots;
    keys = new long[oldKeys.length * 2];
    slots = new int[oldSlots.length * 2];
    int mask = slots.length - 1;
    for (int i = 0; i < oldSlots.length; i++) {
      if (oldSlots[i] != 0) {
        int slot = mix(oldKeys[i]) & mask;
        while (slots[slot] != 0) {
          slot = (slot + 1) & mask;
        }
        keys[slot] = oldKeys[i];
        slots[slot] = oldSlots[i];
      }
    }
  }

  /** The value of id {@code id}. */
  public long value(int id) {
    return values[id];
  }

  public int size() {
    return size;
  }

  public void clear() {
    if (size > 0) {
      Arrays.fill(slots, 0);
      size = 0;
    }
  }

  private static int mix(long value) {
    long h = value * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 29));
  }
}
