package io.mink.lake.write.pages;

import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * The dictionary of a column of byte strings (BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY): each distinct value gets
 * the next id and is copied once into the dictionary's own bytes; values are hashed where they lie in Arrow's
 * memory.
 */
public final class BytesDictionary {
  private int[] slots = new int[1024];
  private int[] hashes = new int[1024];
  private byte[] data = new byte[16 * 1024];
  private int[] starts = new int[257];
  private int size;
  private int dataSize;

  /** The id of the {@code length} bytes at {@code address}, given the next id if they are new. */
  public int idOf(long address, int length) {
    int hash = hash(address, length);
    int mask = slots.length - 1;
    int slot = hash & mask;
    while (true) {
      int held = slots[slot];
      if (held == 0) {
        return add(address, length, hash, slot);
      }
      if (hashes[slot] == hash && equal(held - 1, address, length)) {
        return held - 1;
      }
      slot = (slot + 1) & mask;
    }
  }

  private boolean equal(int id, long address, int length) {
    int start = starts[id];
    if (starts[id + 1] - start != length) {
      return false;
    }
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      if (MemoryUtil.getLong(address + i) != MemoryUtil.getLong(data, start + i)) {
        return false;
      }
    }
    for (; i < length; i++) {
      if (MemoryUtil.getByte(address + i) != data[start + i]) {
        return false;
      }
    }
    return true;
  }

  private int add(long address, int length, int hash, int slot) {
    int id = size++;
    if (dataSize + length > data.length) {
      data = Arrays.copyOf(data, Math.max(dataSize + length, data.length * 2));
    }
    MemoryUtil.copyFromMemory(address, data, dataSize, length);
    dataSize += length;
    if (size + 1 > starts.length) {
      starts = Arrays.copyOf(starts, starts.length * 2);
    }
    starts[size] = dataSize;
    slots[slot] = id + 1;
    hashes[slot] = hash;
    if (size * 2 > slots.length) {
      grow();
    }
    return id;
  }

  private void grow() {
    int[] oldSlots = slots;
    int[] oldHashes = hashes;
    slots = new int[oldSlots.length * 2];
    hashes = new int[oldHashes.length * 2];
    int mask = slots.length - 1;
    for (int i = 0; i < oldSlots.length; i++) {
      if (oldSlots[i] != 0) {
        int slot = oldHashes[i] & mask;
        while (slots[slot] != 0) {
          slot = (slot + 1) & mask;
        }
        slots[slot] = oldSlots[i];
        hashes[slot] = oldHashes[i];
      }
    }
  }

  public int size() {
    return size;
  }

  /** The bytes of every value, in id order. */
  public byte[] data() {
    return data;
  }

  public int start(int id) {
    return starts[id];
  }

  public int length(int id) {
    return starts[id + 1] - starts[id];
  }

  public void clear() {
    if (size > 0) {
      Arrays.fill(slots, 0);
      size = 0;
      dataSize = 0;
    }
  }

  /** A hash of the bytes, eight at a time. */
  static int hash(long address, int length) {
    long h = 0x9E3779B97F4A7C15L ^ length;
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      h = (h ^ MemoryUtil.getLong(address + i)) * 0xC2B2AE3D27D4EB4FL;
      h ^= h >>> 31;
    }
    long tail = 0;
    for (int shift = 0; i < length; i++, shift += 8) {
      tail |= (MemoryUtil.getByte(address + i) & 0xFFL) << shift;
    }
    h = (h ^ tail) * 0x165667B19E3779F9L;
    return (int) (h ^ (h >>> 32));
  }
}
