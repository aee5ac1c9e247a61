package io.mink.lake.write.batch;

import io.mink.lake.write.pages.LongDictionary;
import io.mink.lake.write.pages.PageBytes;
import java.util.stream.Stream;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.iceberg.DoubleFieldMetrics;
import org.apache.iceberg.FieldMetrics;
import org.apache.iceberg.FloatFieldMetrics;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.statistics.Statistics;

/**
 * Leaf columns of fixed-width numbers, read from Arrow's little-endian values, which are Parquet's plain
 * encoding already: a run of consecutive values is copied in one piece.
 */
final class NumberLeaves {
  private NumberLeaves() {}

  /** Whether {@code count} increasing indexes are consecutive. */
  static boolean consecutive(int[] at, int count) {
    return at[count - 1] - at[0] == count - 1;
  }

  /**
   * What the fixed-width number columns share: a dictionary of the values' bits, and a plain page that takes a run
   * of consecutive values in one copy when the values are as wide in Arrow as in Parquet.
   */
  abstract static class FixedWidthLeaf extends ColumnLeaf {
    private final int width;
    private final int stride;
    private final LongDictionary dictionary = new LongDictionary();

    /**
     * @param width the bytes of a value in Parquet, 4 or 8
     * @param stride the bytes from one value to the next in Arrow's data buffer
     */
    FixedWidthLeaf(ColumnDescriptor desc, ParquetProperties properties, int width, int stride) {
      super(desc, properties, true);
      this.width = width;
      this.stride = stride;
    }

    /** The value at {@code index}, its low {@link #width} bytes as a long. */
    final long bitsAt(long data, int index) {
      long address = data + (long) index * stride;
      return width == 4 ? MemoryUtil.getInt(address) : MemoryUtil.getLong(address);
    }

    /** Adds the values to the dictionary page, or to the plain page once it fell back (and from then on). */
    final void addEncoded(long data, int[] at, int count) {
      pageRawBytes += (long) width * count;
      int from = 0;
      if (dictionaryMode) {
        ensureIds(count);
        for (; from < count && dictionaryMode; from++) {
          int size = dictionary.size();
          ids[idCount++] = dictionary.idOf(bitsAt(data, at[from]));
          if (dictionary.size() > size) {
            addedToDictionary(width);
          }
        }
      }
      if (from == count) {
        return;
      }
      if (stride == width && consecutive(at, count)) {
        plain.putMemory(data + (long) at[from] * width, (count - from) * width);
        return;
      }
      plain.reserve((count - from) * width);
      for (int i = from; i < count; i++) {
        putPlain(bitsAt(data, at[i]), plain);
      }
    }

    private void putPlain(long bits, PageBytes out) {
      if (width == 4) {
        out.putInt((int) bits);
      } else {
        out.putLong(bits);
      }
    }

    @Override
    final void plainOf(int id, PageBytes out) {
      putPlain(dictionary.value(id), out);
    }

    @Override
    final int dictionarySize() {
      return dictionary.size();
    }

    @Override
    final void writeDictionary(int size, PageBytes out) {
      for (int id = 0; id < size; id++) {
        plainOf(id, out);
      }
    }

    @Override
    final void clearDictionary() {
      dictionary.clear();
    }
  }

  /**
   * INT32 columns: integers and dates (4 bytes a value), and decimals of up to 9 digits, the low 4 bytes of
   * Arrow's 16.
   */
  static final class Int32s extends FixedWidthLeaf {
    private int min;
    private int max;
    private boolean bounded;

    Int32s(ColumnDescriptor desc, ParquetProperties properties, int stride) {
      super(desc, properties, 4, stride);
    }

    @Override
    void addValues(FieldVector vector, int[] at, int count) {
      long data = vector.getDataBuffer().memoryAddress();
      if (statisticsEnabled) {
        int low = bounded ? min : Integer.MAX_VALUE;
        int high = bounded ? max : Integer.MIN_VALUE;
        for (int i = 0; i < count; i++) {
          int value = (int) bitsAt(data, at[i]);
          low = Math.min(low, value);
          high = Math.max(high, value);
        }
        min = low;
        max = high;
        bounded = true;
      }
      addEncoded(data, at, count);
    }

    @Override
    void takeBounds(Statistics<?> statistics) {
      if (bounded) {
        statistics.updateStats(min);
        statistics.updateStats(max);
        bounded = false;
      }
    }
  }

  /**
   * INT64 columns: longs, times and timestamps (8 bytes a value), and decimals of up to 18 digits, the low 8
   * bytes of Arrow's 16.
   */
  static final class Int64s extends FixedWidthLeaf {
    private long min;
    private long max;
    private boolean bounded;

    Int64s(ColumnDescriptor desc, ParquetProperties properties, int stride) {
      super(desc, properties, 8, stride);
    }

    @Override
    void addValues(FieldVector vector, int[] at, int count) {
      long data = vector.getDataBuffer().memoryAddress();
      if (statisticsEnabled) {
        long low = bounded ? min : Long.MAX_VALUE;
        long high = bounded ? max : Long.MIN_VALUE;
        for (int i = 0; i < count; i++) {
          long value = bitsAt(data, at[i]);
          low = Math.min(low, value);
          high = Math.max(high, value);
        }
        min = low;
        max = high;
        bounded = true;
      }
      addEncoded(data, at, count);
    }

    @Override
    void takeBounds(Statistics<?> statistics) {
      if (bounded) {
        statistics.updateStats(min);
        statistics.updateStats(max);
        bounded = false;
      }
    }
  }

  /** Floats, with the NaN counts and bounds Iceberg keeps for them beside Parquet's statistics. */
  static final class Floats extends FixedWidthLeaf {
    private final FloatFieldMetrics.Builder metrics;
    private float min;
    private float max;
    private boolean bounded;

    Floats(ColumnDescriptor desc, ParquetProperties properties) {
      super(desc, properties, 4, 4);
      this.metrics = new FloatFieldMetrics.Builder(fieldId());
    }

    @Override
    void addValues(FieldVector vector, int[] at, int count) {
      long data = vector.getDataBuffer().memoryAddress();
      for (int i = 0; i < count; i++) {
        float value = Float.intBitsToFloat((int) bitsAt(data, at[i]));
        metrics.addValue(value);
        if (!bounded) {
          min = value;
          max = value;
          bounded = true;
        } else if (Float.compare(value, min) < 0) {
          min = value;
        } else if (Float.compare(value, max) > 0) {
          max = value;
        }
      }
      addEncoded(data, at, count);
    }

    @Override
    void takeBounds(Statistics<?> statistics) {
      if (bounded) {
        statistics.updateStats(min);
        statistics.updateStats(max);
        bounded = false;
      }
    }

    @Override
    Stream<FieldMetrics<?>> metrics() {
      return Stream.of(withNulls(metrics.build()));
    }
  }

  /** Doubles, with the NaN counts and bounds Iceberg keeps for them beside Parquet's statistics. */
  static final class Doubles extends FixedWidthLeaf {
    private final DoubleFieldMetrics.Builder metrics;
    private double min;
    private double max;
    private boolean bounded;

    Doubles(ColumnDescriptor desc, ParquetProperties properties) {
      super(desc, properties, 8, 8);
      this.metrics = new DoubleFieldMetrics.Builder(fieldId());
    }

    @Override
    void addValues(FieldVector vector, int[] at, int count) {
      long data = vector.getDataBuffer().memoryAddress();
      for (int i = 0; i < count; i++) {
        double value = Double.longBitsToDouble(bitsAt(data, at[i]));
        metrics.addValue(value);
        if (!bounded) {
          min = value;
          max = value;
          bounded = true;
        } else if (Double.compare(value, min) < 0) {
          min = value;
        } else if (Double.compare(value, max) > 0) {
          max = value;
        }
      }
      addEncoded(data, at, count);
    }

    @Override
    void takeBounds(Statistics<?> statistics) {
      if (bounded) {
        statistics.updateStats(min);
        statistics.updateStats(max);
        bounded = false;
      }
    }

    @Override
    Stream<FieldMetrics<?>> metrics() {
      return Stream.of(withNulls(metrics.build()));
    }
  }

  /** Booleans, bit-packed in plain encoding; parquet-java's v1 writer gives them no dictionary. */
  static final class Booleans extends ColumnLeaf {
    private int bits;
    private int bitCount;
    private boolean sawFalse;
    private boolean sawTrue;

    Booleans(ColumnDescriptor desc, ParquetProperties properties) {
      super(desc, properties, false);
    }

    @Override
    void addValues(FieldVector vector, int[] at, int count) {
      long data = vector.getDataBuffer().memoryAddress();
      for (int i = 0; i < count; i++) {
        int index = at[i];
        int bit = (MemoryUtil.getByte(data + (index >>> 3)) >>> (index & 7)) & 1;
        if (bit == 0) {
          sawFalse = true;
        } else {
          sawTrue = true;
        }
        bits |= bit << bitCount;
        if (++bitCount == 8) {
          plain.putByte(bits);
          bits = 0;
          bitCount = 0;
        }
      }
      pageRawBytes += count;
    }

    @Override
    void finishPlain() {
      if (bitCount > 0) {
        plain.putByte(bits);
        bits = 0;
        bitCount = 0;
      }
    }

    @Override
    void plainOf(int id, PageBytes out) {
      throw new IllegalStateException("Booleans have no dictionary");
    }

    @Override
    int dictionarySize() {
      return 0;
    }

    @Override
    void writeDictionary(int size, PageBytes out) {}

    @Override
    void clearDictionary() {}

    @Override
    void takeBounds(Statistics<?> statistics) {
      if (sawFalse) {
        statistics.updateStats(false);
      }
      if (sawTrue) {
        statistics.updateStats(true);
      }
      sawFalse = false;
      sawTrue = false;
    }
  }
}
