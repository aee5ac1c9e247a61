package io.mink.lake.write.pages;

import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.io.api.Binary;

/**
 * The least and greatest byte strings of a page in unsigned lexicographic order, Parquet's order for strings,
 * binaries, fixed-length binaries and UUIDs. Values are compared where they lie in Arrow's memory; only a new
 * bound is copied.
 */
public final class UnsignedBounds {
  private byte[] min = new byte[32];
  private byte[] max = new byte[32];
  private int minLength;
  private int maxLength;
  private boolean any;

  public void add(long address, int length) {
    if (!any) {
      min = copy(min, address, length);
      minLength = length;
      max = copy(max, address, length);
      maxLength = length;
      any = true;
      return;
    }
    if (compare(address, length, min, minLength) < 0) {
      min = copy(min, address, length);
      minLength = length;
    } else if (compare(address, length, max, maxLength) > 0) {
      max = copy(max, address, length);
      maxLength = length;
    }
  }

  /** Adds the bounds to {@code statistics} and starts over. */
  public void takeInto(Statistics<?> statistics) {
    if (any) {
      statistics.updateStats(Binary.fromConstantByteArray(Arrays.copyOf(min, minLength)));
      statistics.updateStats(Binary.fromConstantByteArray(Arrays.copyOf(max, maxLength)));
      any = false;
    }
  }

  private static byte[] copy(byte[] into, long address, int length) {
    byte[] target = into.length >= length ? into : new byte[Math.max(length, into.length * 2)];
    MemoryUtil.copyFromMemory(address, target, 0, length);
    return target;
  }

  /** Compares the bytes at {@code address} with the first {@code held} bytes of {@code bytes}, unsigned. */
  static int compare(long address, int length, byte[] bytes, int held) {
    int common = Math.min(length, held);
    int i = 0;
    for (; i + 8 <= common; i += 8) {
      long left = bigEndian(MemoryUtil.getLong(address + i));
      long right = bigEndian(MemoryUtil.getLong(bytes, i));
      if (left != right) {
        return Long.compareUnsigned(left, right);
      }
    }
    for (; i < common; i++) {
      int difference = (MemoryUtil.getByte(address + i) & 0xFF) - (bytes[i] & 0xFF);
      if (difference != 0) {
        return difference;
      }
    }
    return Integer.compare(length, held);
  }

  private static long bigEndian(long nativeOrder) {
    return MemoryUtil.LITTLE_ENDIAN ? Long.reverseBytes(nativeOrder) : nativeOrder;
  }
}
