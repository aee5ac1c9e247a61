package io.mink.lake.write.batch;

import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.iceberg.DoubleFieldMetrics;
import org.apache.iceberg.FieldMetrics;
import org.apache.iceberg.FloatFieldMetrics;
import org.apache.iceberg.parquet.ParquetValueWriters;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The writers of Parquet leaf columns, each reading one kind of Arrow vector. The hot ones read the vectors'
 * memory directly: every index they read is below the batch's row count (or its child vector's), which the
 * batch's own writes bounded, so Arrow's per-read bounds and reference checks would only repeat that.
 */
final class LeafWriters {
  private LeafWriters() {}

  /**
   * A Parquet leaf column: Iceberg's column writer, which tracks the page, statistics and levels. It counts the
   * nulls it writes, its own or a parent's, for the metrics it keeps itself.
   */
  abstract static class Leaf extends ParquetValueWriters.PrimitiveWriter<Object>
      implements VectorColumnWriter {
    long nulls;

    Leaf(ColumnDescriptor desc) {
      super(desc);
    }

    @Override
    public List<Leaf> leaves() {
      return List.of(this);
    }

    void writeNull(int repetitionLevel, int definitionLevel) {
      column.writeNull(repetitionLevel, definitionLevel);
      nulls++;
    }

    /** Metrics counted from the non-null values, with the nulls added as Iceberg counts them. */
    <T> FieldMetrics<T> withNulls(FieldMetrics<T> values) {
      return new FieldMetrics<>(
          values.id(),
          values.valueCount() + nulls,
          nulls,
          values.nanValueCount(),
          values.lowerBound(),
          values.upperBound());
    }

    @Override
    public Stream<FieldMetrics<?>> metrics() {
      return Stream.empty();
    }
  }

  /** 32-bit integers and dates, as Arrow and Parquet both store them. */
  static final class Ints extends Leaf {
    private long data;

    Ints(ColumnDescriptor desc) {
      super(desc);
    }

    @Override
    public void bind(FieldVector vector) {
      data = vector.getDataBuffer().memoryAddress();
    }

    @Override
    public void write(int repetitionLevel, int index) {
      column.writeInteger(repetitionLevel, MemoryUtil.getInt(data + (long) index * 4));
    }
  }

  /** 64-bit integers, timestamps and times in microseconds. */
  static final class Longs extends Leaf {
    private long data;

    Longs(ColumnDescriptor desc) {
      super(desc);
    }

    @Override
    public void bind(FieldVector vector) {
      data = vector.getDataBuffer().memoryAddress();
    }

    @Override
    public void write(int repetitionLevel, int index) {
      column.writeLong(repetitionLevel, MemoryUtil.getLong(data + (long) index * 8));
    }
  }

  /** Floats, with the NaN counts and bounds Iceberg keeps for them beside Parquet's statistics. */
  static final class Floats extends Leaf {
    private final FloatFieldMetrics.Builder metrics;
    private long data;

    Floats(ColumnDescriptor desc, int fieldId) {
      super(desc);
      this.metrics = new FloatFieldMetrics.Builder(fieldId);
    }

    @Override
    public void bind(FieldVector vector) {
      data = vector.getDataBuffer().memoryAddress();
    }

    @Override
    public void write(int repetitionLevel, int index) {
      float value = Float.intBitsToFloat(MemoryUtil.getInt(data + (long) index * 4));
      column.writeFloat(repetitionLevel, value);
      metrics.addValue(value);
    }

    @Override
    public Stream<FieldMetrics<?>> metrics() {
      return Stream.of(withNulls(metrics.build()));
    }
  }

  /** Doubles, with the NaN counts and bounds Iceberg keeps for them beside Parquet's statistics. */
  static final class Doubles extends Leaf {
    private final DoubleFieldMetrics.Builder metrics;
    private long data;

    Doubles(ColumnDescriptor desc, int fieldId) {
      super(desc);
      this.metrics = new DoubleFieldMetrics.Builder(fieldId);
    }

    @Override
    public void bind(FieldVector vector) {
      data = vector.getDataBuffer().memoryAddress();
    }

    @Override
    public void write(int repetitionLevel, int index) {
      double value = Double.longBitsToDouble(MemoryUtil.getLong(data + (long) index * 8));
      column.writeDouble(repetitionLevel, value);
      metrics.addValue(value);
    }

    @Override
    public Stream<FieldMetrics<?>> metrics() {
      return Stream.of(withNulls(metrics.build()));
    }
  }

  static final class Booleans extends Leaf {
    private BitVector vector;

    Booleans(ColumnDescriptor desc) {
      super(desc);
    }

    @Override
    public void bind(FieldVector bound) {
      vector = (BitVector) bound;
    }

    @Override
    public void write(int repetitionLevel, int index) {
      column.writeBoolean(repetitionLevel, vector.get(index) != 0);
    }
  }

  /** Strings and binaries: each value copied once into a buffer Parquet copies again only when it keeps it. */
  static final class Bytes extends Leaf {
    private long offsets;
    private long data;
    private byte[] scratch = new byte[256];

    Bytes(ColumnDescriptor desc) {
      super(desc);
    }

    @Override
    public void bind(FieldVector vector) {
      offsets = ((BaseVariableWidthVector) vector).getOffsetBuffer().memoryAddress();
      data = vector.getDataBuffer().memoryAddress();
    }

    @Override
    public void write(int repetitionLevel, int index) {
      int start = MemoryUtil.getInt(offsets + (long) index * 4);
      int length = MemoryUtil.getInt(offsets + (long) (index + 1) * 4) - start;
      if (scratch.length < length) {
        scratch = new byte[Math.max(length, scratch.length * 2)];
      }
      MemoryUtil.copyFromMemory(data + start, scratch, 0, length);
      column.writeBinary(repetitionLevel, Binary.fromReusedByteArray(scratch, 0, length));
    }
  }

  /** Fixed-length binaries and UUIDs. */
  static final class FixedBytes extends Leaf {
    private ArrowBuf data;
    private byte[] scratch;

    FixedBytes(ColumnDescriptor desc) {
      super(desc);
    }

    @Override
    public void bind(FieldVector vector) {
      data = vector.getDataBuffer();
      scratch = new byte[((FixedSizeBinaryVector) vector).getByteWidth()];
    }

    @Override
    public void write(int repetitionLevel, int index) {
      data.getBytes((long) index * scratch.length, scratch, 0, scratch.length);
      column.writeBinary(repetitionLevel, Binary.fromReusedByteArray(scratch));
    }
  }

  /**
   * Decimals, from Arrow's 16-byte little-endian two's complement into the Parquet type Iceberg chose for the
   * precision: INT32, INT64 or a big-endian FIXED_LEN_BYTE_ARRAY.
   */
  static final class Decimals extends Leaf {
    private final PrimitiveType.PrimitiveTypeName physical;
    private final byte[] scratch;
    private ArrowBuf data;

    Decimals(ColumnDescriptor desc) {
      super(desc);
      this.physical = desc.getPrimitiveType().getPrimitiveTypeName();
      this.scratch = new byte[Math.max(0, desc.getPrimitiveType().getTypeLength())];
    }

    @Override
    public void bind(FieldVector vector) {
      data = ((BaseFixedWidthVector) vector).getDataBuffer();
    }

    @Override
    public void write(int repetitionLevel, int index) {
      long at = (long) index * 16;
      switch (physical) {
        case INT32 -> column.writeInteger(repetitionLevel, (int) data.getLong(at));
        case INT64 -> column.writeLong(repetitionLevel, data.getLong(at));
        default -> {
          for (int b = 0; b < scratch.length; b++) {
            scratch[scratch.length - 1 - b] = data.getByte(at + b);
          }
          column.writeBinary(repetitionLevel, Binary.fromReusedByteArray(scratch));
        }
      }
    }
  }
}
