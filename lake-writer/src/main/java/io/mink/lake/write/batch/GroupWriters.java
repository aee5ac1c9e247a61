package io.mink.lake.write.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.iceberg.FieldMetrics;
import org.apache.iceberg.parquet.TripleWriter;
import org.apache.parquet.column.ColumnWriteStore;

/** The writers of optional fields, structs, lists and maps: they give their leaves the levels. */
final class GroupWriters {
  private GroupWriters() {}

  /** Writes children and hands them the column store. */
  private abstract static class Parent implements VectorColumnWriter {
    private final List<VectorColumnWriter> children;
    private final List<TripleWriter<?>> columns = new ArrayList<>();
    private final List<LeafWriters.Leaf> leaves = new ArrayList<>();

    Parent(List<VectorColumnWriter> children) {
      this.children = List.copyOf(children);
      children.forEach(child -> columns.addAll(child.columns()));
      children.forEach(child -> leaves.addAll(child.leaves()));
    }

    @Override
    public List<LeafWriters.Leaf> leaves() {
      return leaves;
    }

    @Override
    public List<TripleWriter<?>> columns() {
      return columns;
    }

    @Override
    public void setColumnStore(ColumnWriteStore store) {
      children.forEach(child -> child.setColumnStore(store));
    }

    @Override
    public Stream<FieldMetrics<?>> metrics() {
      return children.stream().flatMap(VectorColumnWriter::metrics);
    }

    /** Every leaf gets a null at {@code definitionLevel}: the level of the innermost defined parent. */
    void writeNulls(int repetitionLevel, int definitionLevel) {
      for (LeafWriters.Leaf leaf : leaves) {
        leaf.writeNull(repetitionLevel, definitionLevel);
      }
    }
  }

  /** An optional field: a null value is written as nulls one level above the field's own. */
  static final class Optional extends Parent {
    private final int definitionLevel;
    private final VectorColumnWriter value;
    private FieldVector vector;

    Optional(int definitionLevel, VectorColumnWriter value) {
      super(List.of(value));
      this.definitionLevel = definitionLevel;
      this.value = value;
    }

    @Override
    public void bind(FieldVector bound) {
      vector = bound;
      value.bind(bound);
    }

    @Override
    public void write(int repetitionLevel, int index) {
      if (vector.isNull(index)) {
        writeNulls(repetitionLevel, definitionLevel - 1);
      } else {
        value.write(repetitionLevel, index);
      }
    }
  }

  /** A struct: its fields at the same index of their child vectors. */
  static final class Struct extends Parent {
    private final VectorColumnWriter[] fields;

    Struct(List<VectorColumnWriter> fields) {
      super(fields);
      this.fields = fields.toArray(VectorColumnWriter[]::new);
    }

    @Override
    public void bind(FieldVector vector) {
      StructVector struct = (StructVector) vector;
      for (int i = 0; i < fields.length; i++) {
        fields[i].bind((FieldVector) struct.getChildByOrdinal(i));
      }
    }

    @Override
    public void write(int repetitionLevel, int index) {
      for (VectorColumnWriter field : fields) {
        field.write(repetitionLevel, index);
      }
    }
  }

  /**
   * A list or a map (a list of key-value entries): the elements between the list's offsets, the first at the
   * parent's repetition level and the rest at the list's own; an empty list is a null one level below the
   * repeated group's definition level.
   */
  static final class Repeated extends Parent {
    private final int repeatedDefinitionLevel;
    private final int repeatedRepetitionLevel;
    private final VectorColumnWriter[] entry;
    private ArrowBuf offsets;

    /**
     * @param entry the element's writer for a list; the key's and the value's for a map
     */
    Repeated(
        int repeatedDefinitionLevel, int repeatedRepetitionLevel, List<VectorColumnWriter> entry) {
      super(entry);
      this.repeatedDefinitionLevel = repeatedDefinitionLevel;
      this.repeatedRepetitionLevel = repeatedRepetitionLevel;
      this.entry = entry.toArray(VectorColumnWriter[]::new);
    }

    @Override
    public void bind(FieldVector vector) {
      ListVector list = (ListVector) vector;
      offsets = list.getOffsetBuffer();
      FieldVector data = list.getDataVector();
      if (entry.length == 1) {
        entry[0].bind(data);
      } else {
        StructVector entries = (StructVector) data;
        for (int i = 0; i < entry.length; i++) {
          entry[i].bind((FieldVector) entries.getChildByOrdinal(i));
        }
      }
    }

    @Override
    public void write(int repetitionLevel, int index) {
      int start = offsets.getInt((long) index * 4);
      int end = offsets.getInt((long) (index + 1) * 4);
      if (start == end) {
        writeNulls(repetitionLevel, repeatedDefinitionLevel - 1);
        return;
      }
      for (int element = start; element < end; element++) {
        int level = element == start ? repetitionLevel : repeatedRepetitionLevel;
        for (VectorColumnWriter writer : entry) {
          writer.write(level, element);
        }
      }
    }
  }
}
