package io.mink.lake.write.batch;

import io.mink.lake.write.pages.BytesDictionary;
import io.mink.lake.write.pages.PageBytes;
import io.mink.lake.write.pages.UnsignedBounds;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.io.api.Binary;

/** Leaf columns of byte strings: each value copied once, from Arrow's memory into the page or dictionary. */
final class ByteLeaves {
  private ByteLeaves() {}

  /** What byte-string columns share: a dictionary of the values' bytes. */
  private abstract static class Bytes extends ColumnLeaf {
    final BytesDictionary dictionary = new BytesDictionary();
    private final boolean lengthPrefixed;

    /**
     * @param lengthPrefixed whether plain encoding puts each value's length before it, as for BYTE_ARRAY
     */
    Bytes(ColumnDescriptor desc, ParquetProperties properties, boolean lengthPrefixed) {
      super(desc, properties, true);
      this.lengthPrefixed = lengthPrefixed;
    }

    /** Adds the bytes at {@code address} to the dictionary, or to the plain page once it fell back. */
    final void add(long address, int length, int plainBytes) {
      if (dictionaryMode) {
        int size = dictionary.size();
        ids[idCount++] = dictionary.idOf(address, length);
        if (dictionary.size() > size) {
          addedToDictionary(plainBytes);
        }
        return;
      }
      if (lengthPrefixed) {
        plain.putInt(length);
      }
      plain.putMemory(address, length);
    }

    @Override
    int dictionarySize() {
      return dictionary.size();
    }

    @Override
    void writeDictionary(int size, PageBytes out) {
      for (int id = 0; id < size; id++) {
        plainOf(id, out);
      }
    }

    @Override
    void clearDictionary() {
      dictionary.clear();
    }
  }

  /** BYTE_ARRAY columns: strings and binaries, each a length and its bytes in plain encoding. */
  static final class Binaries extends Bytes {
    private final UnsignedBounds bounds = new UnsignedBounds();

    Binaries(ColumnDescriptor desc, ParquetProperties properties) {
      super(desc, properties, true);
    }

    @Override
    void addValues(FieldVector vector, int[] at, int count) {
      BaseVariableWidthVector variable = (BaseVariableWidthVector) vector;
      long offsets = variable.getOffsetBuffer().memoryAddress();
      long data = variable.getDataBuffer().memoryAddress();
      if (dictionaryMode) {
        ensureIds(count);
      }
      for (int i = 0; i < count; i++) {
        long offset = offsets + (long) at[i] * 4;
        int start = MemoryUtil.getInt(offset);
        int length = MemoryUtil.getInt(offset + 4) - start;
        long address = data + start;
        if (statisticsEnabled) {
          bounds.add(address, length);
        }
        pageUnencodedBytes += length;
        pageRawBytes += 4 + length;
        add(address, length, 4 + length);
      }
    }

    @Override
    void plainOf(int id, PageBytes out) {
      out.putInt(dictionary.length(id));
      out.putBytes(dictionary.data(), dictionary.start(id), dictionary.length(id));
    }

    @Override
    void takeBounds(Statistics<?> statistics) {
      bounds.takeInto(statistics);
    }
  }

  /** FIXED_LEN_BYTE_ARRAY columns of fixed-length binaries and UUIDs: the bytes alone in plain encoding. */
  static final class FixedBytes extends Bytes {
    private final UnsignedBounds bounds = new UnsignedBounds();

    FixedBytes(ColumnDescriptor desc, ParquetProperties properties) {
      super(desc, properties, false);
    }

    @Override
    void addValues(FieldVector vector, int[] at, int count) {
      int width = ((FixedSizeBinaryVector) vector).getByteWidth();
      long data = vector.getDataBuffer().memoryAddress();
      if (dictionaryMode) {
        ensureIds(count);
      }
      for (int i = 0; i < count; i++) {
        long address = data + (long) at[i] * width;
        if (statisticsEnabled) {
          bounds.add(address, width);
        }
        pageRawBytes += width;
        add(address, width, width);
      }
    }

    @Override
    void plainOf(int id, PageBytes out) {
      out.putBytes(dictionary.data(), dictionary.start(id), dictionary.length(id));
    }

    @Override
    void takeBounds(Statistics<?> statistics) {
      bounds.takeInto(statistics);
    }
  }

  /**
   * Decimals of more than 18 digits: Arrow's 16-byte little-endian two's complement, written as the big-endian
   * FIXED_LEN_BYTE_ARRAY of the length Iceberg gives the precision. Bounds compare the signed 128-bit values.
   */
  static final class WideDecimals extends Bytes {
    private final int length;
    private final ByteBuffer scratch = ByteBuffer.allocateDirect(16);
    private final long scratchAddress = MemoryUtil.getByteBufferAddress(scratch);
    private long minLow;
    private long minHigh;
    private long maxLow;
    private long maxHigh;
    private boolean bounded;

    WideDecimals(ColumnDescriptor desc, ParquetProperties properties) {
      super(desc, properties, false);
      this.length = desc.getPrimitiveType().getTypeLength();
    }

    @Override
    void addValues(FieldVector vector, int[] at, int count) {
      long data = vector.getDataBuffer().memoryAddress();
      if (dictionaryMode) {
        ensureIds(count);
      }
      for (int i = 0; i < count; i++) {
        long address = data + (long) at[i] * 16;
        long low = MemoryUtil.getLong(address);
        long high = MemoryUtil.getLong(address + 8);
        bound(low, high);
        for (int b = 0; b < length; b++) {
          MemoryUtil.putByte(scratchAddress + length - 1 - b, MemoryUtil.getByte(address + b));
        }
        pageRawBytes += length;
        add(scratchAddress, length, length);
      }
    }

    private void bound(long low, long high) {
      if (!bounded) {
        minLow = low;
        minHigh = high;
        maxLow = low;
        maxHigh = high;
        bounded = true;
      } else if (compare(low, high, minLow, minHigh) < 0) {
        minLow = low;
        minHigh = high;
      } else if (compare(low, high, maxLow, maxHigh) > 0) {
        maxLow = low;
        maxHigh = high;
      }
    }

    private static int compare(long low, long high, long otherLow, long otherHigh) {
      int byHigh = Long.compare(high, otherHigh);
      return byHigh != 0 ? byHigh : Long.compareUnsigned(low, otherLow);
    }

    @Override
    void plainOf(int id, PageBytes out) {
      out.putBytes(dictionary.data(), dictionary.start(id), dictionary.length(id));
    }

    @Override
    void takeBounds(Statistics<?> statistics) {
      if (bounded) {
        statistics.updateStats(Binary.fromConstantByteArray(bigEndian(minLow, minHigh)));
        statistics.updateStats(Binary.fromConstantByteArray(bigEndian(maxLow, maxHigh)));
        bounded = false;
      }
    }

    private byte[] bigEndian(long low, long high) {
      byte[] bytes = new byte[length];
      for (int b = 0; b < length; b++) {
        long word = b < 8 ? low : high;
        bytes[length - 1 - b] = (byte) (word >>> (8 * (b & 7)));
      }
      return bytes;
    }
  }
}
