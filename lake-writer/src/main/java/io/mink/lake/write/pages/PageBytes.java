package io.mink.lake.write.pages;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.parquet.bytes.BytesInput;

/**
 * A growable buffer of a page's bytes in Parquet's little-endian order, reused from page to page. Values are
 * copied in from Arrow's memory by address, a value or a run of values at a time.
 */
public final class PageBytes {
  private static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private byte[] bytes;
  private int size;

  public PageBytes(int initialCapacity) {
    this.bytes = new byte[Math.max(16, initialCapacity)];
  }

  public int size() {
    return size;
  }

  public void reset() {
    size = 0;
  }

  /** Forgets what was written from {@code length} on. */
  public void truncate(int length) {
    size = length;
  }

  /** Makes room for {@code more} bytes past the end. */
  public void reserve(int more) {
    int needed = size + more;
    if (needed > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(needed, bytes.length + (bytes.length >> 1)));
    }
  }

  public void putByte(int value) {
    reserve(1);
    bytes[size++] = (byte) value;
  }

  public void putInt(int value) {
    reserve(4);
    INTS.set(bytes, size, value);
    size += 4;
  }

  public void putLong(long value) {
    reserve(8);
    LONGS.set(bytes, size, value);
    size += 8;
  }

  /** Overwrites four bytes written before, such as a length written ahead of what it measures. */
  public void setInt(int at, int value) {
    INTS.set(bytes, at, value);
  }

  /** An unsigned LEB128 varint, as Parquet's run headers are written. */
  public void putVarInt(int value) {
    reserve(5);
    int rest = value;
    while ((rest & ~0x7F) != 0) {
      bytes[size++] = (byte) ((rest & 0x7F) | 0x80);
      rest >>>= 7;
    }
    bytes[size++] = (byte) rest;
  }

  /** The {@code length} bytes at {@code address} in native memory. */
  public void putMemory(long address, int length) {
    reserve(length);
    MemoryUtil.copyFromMemory(address, bytes, size, length);
    size += length;
  }

  public void putBytes(byte[] source, int offset, int length) {
    reserve(length);
    System.arraycopy(source, offset, bytes, size, length);
    size += length;
  }

  public void putBytes(PageBytes other) {
    putBytes(other.bytes, 0, other.size);
  }

  /** The byte array behind the buffer, valid up to {@link #size()} until the next write. */
  public byte[] array() {
    return bytes;
  }

  public int getInt(int at) {
    return (int) INTS.get(bytes, at);
  }

  public long getLong(int at) {
    return (long) LONGS.get(bytes, at);
  }

  /** The bytes written so far, as a view that is valid until the buffer is written again. */
  public BytesInput view() {
    return BytesInput.from(bytes, 0, size);
  }

  /** A copy of the bytes written so far. */
  public byte[] toByteArray() {
    return Arrays.copyOf(bytes, size);
  }
}
