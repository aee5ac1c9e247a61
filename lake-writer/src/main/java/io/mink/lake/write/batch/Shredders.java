package io.mink.lake.write.batch;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * The shredding of Arrow vectors into Parquet's leaf columns, a run of rows at a time: optional fields mark
 * their null slots, structs hand the same slots to every field, lists and maps expand each slot into the
 * slots of their elements, and leaves encode what reaches them. No shredder changes the slots it is given.
 */
final class Shredders {
  private Shredders() {}

  /** Shreds the slots of one field's vector into its leaf columns. */
  interface Shredder {
    void shred(FieldVector vector, Slots slots);
  }

  /** A leaf column: levels and values go to its encoder. */
  record Leaf(ColumnLeaf column) implements Shredder {
    @Override
    public void shred(FieldVector vector, Slots slots) {
      column.append(vector, slots);
    }
  }

  /** An optional field: a null value ends its slot one level below the field's own definition level. */
  static final class Optional implements Shredder {
    private final int definitionLevel;
    private final Shredder value;
    private final Slots out = new Slots();

    Optional(int definitionLevel, Shredder value) {
      this.definitionLevel = definitionLevel;
      this.value = value;
    }

    @Override
    public void shred(FieldVector vector, Slots slots) {
      out.copyOf(slots);
      int[] index = out.index;
      int[] definition = out.definition;
      for (int i = 0; i < out.count; i++) {
        int at = index[i];
        if (at >= 0 && vector.isNull(at)) {
          index[i] = -1;
          definition[i] = definitionLevel - 1;
        }
      }
      value.shred(vector, out);
    }
  }

  /** A struct: its fields at the same slots of their child vectors. */
  static final class Struct implements Shredder {
    private final Shredder[] fields;

    Struct(Shredder[] fields) {
      this.fields = fields;
    }

    @Override
    public void shred(FieldVector vector, Slots slots) {
      StructVector struct = (StructVector) vector;
      for (int i = 0; i < fields.length; i++) {
        fields[i].shred((FieldVector) struct.getChildByOrdinal(i), slots);
      }
    }
  }

  /**
   * A list, or a map as a list of key-value entries: each slot becomes its elements' slots, the first at the
   * slot's repetition level and the rest at the list's own; an empty list ends its slot one level below the
   * repeated group's definition level.
   */
  static final class Repeated implements Shredder {
    private final int definitionLevel;
    private final int repetitionLevel;
    private final Shredder[] entry;
    private final Slots out = new Slots();

    /**
     * @param entry the element's shredder for a list; the key's and the value's for a map
     */
    Repeated(int definitionLevel, int repetitionLevel, Shredder[] entry) {
      this.definitionLevel = definitionLevel;
      this.repetitionLevel = repetitionLevel;
      this.entry = entry;
    }

    @Override
    public void shred(FieldVector vector, Slots slots) {
      ListVector list = (ListVector) vector;
      long offsets = list.getOffsetBuffer().memoryAddress();
      int total = 0;
      for (int i = 0; i < slots.count; i++) {
        int at = slots.index[i];
        int length = at < 0 ? 0 : offset(offsets, at + 1) - offset(offsets, at);
        total += Math.max(1, length);
      }
      out.ensure(total);
      int n = 0;
      for (int i = 0; i < slots.count; i++) {
        int at = slots.index[i];
        int start = at < 0 ? 0 : offset(offsets, at);
        int end = at < 0 ? 0 : offset(offsets, at + 1);
        if (start == end) {
          out.index[n] = -1;
          out.repetition[n] = slots.repetition[i];
          out.definition[n] = at < 0 ? slots.definition[i] : definitionLevel - 1;
          n++;
          continue;
        }
        for (int element = start; element < end; element++) {
          out.index[n] = element;
          out.repetition[n] = element == start ? slots.repetition[i] : repetitionLevel;
          n++;
        }
      }
      out.count = n;
      FieldVector data = list.getDataVector();
      if (entry.length == 1) {
        entry[0].shred(data, out);
      } else {
        StructVector entries = (StructVector) data;
        for (int i = 0; i < entry.length; i++) {
          entry[i].shred((FieldVector) entries.getChildByOrdinal(i), out);
        }
      }
    }

    private static int offset(long offsets, int index) {
      return org.apache.arrow.memory.util.MemoryUtil.getInt(offsets + (long) index * 4);
    }
  }
}
