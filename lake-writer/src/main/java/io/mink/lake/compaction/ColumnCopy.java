package io.mink.lake.compaction;

import io.mink.schema.batch.ValueSetter;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.parquet.ParquetValueReader;
import org.apache.iceberg.types.Type;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReadStore;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.page.PageReadStore;

/**
 * Copies one column of a Parquet row group into a column vector of a {@link io.mink.schema.batch.RowBatch}: of
 * each run of rows read, the live ones, packed from a given slot on. Built once per file by {@link ColumnCopies}.
 */
interface ColumnCopy {
  /** Starts a row group: the column's readers move to its pages. */
  void rowGroup(PageReadStore pages, ColumnReadStore columns);

  /**
   * Reads the next {@code rows} rows of the row group and sets the values of those {@code live} marks into the
   * vector, from slot {@code out} on, in row order.
   */
  void copy(boolean[] live, int rows, int out);

  /** Binds the copy to the vector of a new batch. */
  void into(FieldVector vector);

  /**
   * A primitive column, or a field of a struct, read value by value with parquet-java's column reader: no object
   * per row, values straight from the page into the vector.
   */
  final class Leaf implements ColumnCopy {
    /** Sets the reader's current value, which is defined, at a slot of the vector. */
    @FunctionalInterface
    interface ValueCopy {
      void copy(ColumnReader reader, int slot);
    }

    /** Makes the {@link ValueCopy} of a vector. */
    @FunctionalInterface
    interface ValueCopyFactory {
      ValueCopy of(FieldVector vector);
    }

    private final ColumnDescriptor descriptor;
    private final ValueCopyFactory values;
    private final int maxDefinition;
    private int[] levels = new int[0];
    private ColumnReader reader;
    private FieldVector vector;
    private ValueCopy value;

    Leaf(ColumnDescriptor descriptor, ValueCopyFactory values) {
      this.descriptor = descriptor;
      this.values = values;
      this.maxDefinition = descriptor.getMaxDefinitionLevel();
    }

    @Override
    public void rowGroup(PageReadStore pages, ColumnReadStore columns) {
      reader = columns.getColumnReader(descriptor);
    }

    @Override
    public void into(FieldVector target) {
      vector = target;
      value = values.of(target);
    }

    @Override
    public void copy(boolean[] live, int rows, int out) {
      if (levels.length < rows) {
        levels = new int[rows];
      }
      int slot = out;
      for (int row = 0; row < rows; row++) {
        int level = reader.getCurrentDefinitionLevel();
        if (live[row]) {
          if (level == maxDefinition) {
            value.copy(reader, slot);
          } else {
            vector.setNull(slot);
          }
          levels[slot - out] = level;
          slot++;
        } else if (level == maxDefinition) {
          reader.skip();
        }
        reader.consume();
      }
    }

    /** The definition levels of the live rows of the last {@link #copy}, in slot order. */
    int[] levels() {
      return levels;
    }
  }

  /**
   * A struct column without lists or maps inside: each field copied by its own copy, and the struct null where its
   * first leaf's definition level says the struct itself is missing.
   */
  final class Struct implements ColumnCopy {
    private final List<ColumnCopy> fields;
    private final Leaf firstLeaf;
    private final int definition;
    private StructVector vector;

    /**
     * @param definition the definition level from which the struct is present
     */
    Struct(List<ColumnCopy> fields, Leaf firstLeaf, int definition) {
      this.fields = List.copyOf(fields);
      this.firstLeaf = firstLeaf;
      this.definition = definition;
    }

    /** The leaf whose definition levels say where the struct is null. */
    Leaf firstLeaf() {
      return firstLeaf;
    }

    @Override
    public void rowGroup(PageReadStore pages, ColumnReadStore columns) {
      fields.forEach(field -> field.rowGroup(pages, columns));
    }

    @Override
    public void into(FieldVector target) {
      vector = (StructVector) target;
      for (int i = 0; i < fields.size(); i++) {
        fields.get(i).into((FieldVector) vector.getChildByOrdinal(i));
      }
    }

    @Override
    public void copy(boolean[] live, int rows, int out) {
      fields.forEach(field -> field.copy(live, rows, out));
      int[] levels = firstLeaf.levels();
      int copied = 0;
      for (int row = 0; row < rows; row++) {
        copied += live[row] ? 1 : 0;
      }
      for (int i = 0; i < copied; i++) {
        if (levels[i] >= definition) {
          vector.setIndexDefined(out + i);
        } else {
          vector.setNull(out + i);
        }
      }
    }
  }

  /**
   * A column read by Iceberg's generic Parquet reader, one value object per row: for what the leaf copies do not
   * read (lists, maps, and values stored other than as Iceberg writes them, such as INT96 or millisecond
   * timestamps), and columns the file lacks that have a default.
   */
  final class Generic implements ColumnCopy {
    private final ParquetValueReader<Record> reader;
    private final Type type;
    private ValueSetter setter;

    Generic(ParquetValueReader<Record> reader, Type type) {
      this.reader = reader;
      this.type = type;
    }

    @Override
    public void rowGroup(PageReadStore pages, ColumnReadStore columns) {
      reader.setPageSource(pages);
    }

    @Override
    public void into(FieldVector target) {
      setter = ValueSetter.compile(type, target);
    }

    @Override
    public void copy(boolean[] live, int rows, int out) {
      int slot = out;
      for (int row = 0; row < rows; row++) {
        Record record = reader.read(null);
        if (live[row]) {
          setter.set(slot++, record.get(0));
        }
      }
    }
  }

  /** An optional column the file does not have and that has no default: null in every row. */
  final class Missing implements ColumnCopy {
    private FieldVector vector;

    @Override
    public void rowGroup(PageReadStore pages, ColumnReadStore columns) {}

    @Override
    public void into(FieldVector target) {
      vector = target;
    }

    @Override
    public void copy(boolean[] live, int rows, int out) {
      int slot = out;
      for (int row = 0; row < rows; row++) {
        if (live[row]) {
          vector.setNull(slot++);
        }
      }
    }
  }
}
