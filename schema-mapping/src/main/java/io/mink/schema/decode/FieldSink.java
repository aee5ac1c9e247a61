package io.mink.schema.decode;

/**
 * Where a {@link ColumnDecoder} puts the values of one top-level field of its schema: the column of the batch
 * being built that takes the field. A decoder calls the setter of the value it read; the sink widens it to
 * the column's type where the column was promoted.
 */
public interface FieldSink {
  void setNull(int row);

  void setInt(int row, int value);

  void setLong(int row, long value);

  void setFloat(int row, float value);

  void setDouble(int row, double value);

  void setBoolean(int row, boolean value);

  /** Valid UTF-8 text; the bytes are copied. */
  void setText(int row, byte[] utf8, int offset, int length);

  /** Any Iceberg generic value of the field's own type (see {@link CompiledSchema#decode}). */
  void setValue(int row, Object value);
}
