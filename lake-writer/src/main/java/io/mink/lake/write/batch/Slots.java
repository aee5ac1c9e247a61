package io.mink.lake.write.batch;

import java.util.Arrays;

/**
 * The value slots of one field for a run of rows, as a leaf column will record them: each slot is the index
 * of its value in the field's vector, or -1 where a parent is null or an empty list, then with the definition
 * level that parent reached; and the repetition level of each slot.
 */
final class Slots {
  int count;
  int[] index = new int[1024];
  int[] repetition = new int[1024];
  int[] definition = new int[1024];

  void ensure(int capacity) {
    if (index.length < capacity) {
      int size = Math.max(capacity, index.length * 2);
      index = Arrays.copyOf(index, size);
      repetition = Arrays.copyOf(repetition, size);
      definition = Arrays.copyOf(definition, size);
    }
  }

  /** Slots of rows {@code rows[from..from+count)}, each starting a record. */
  void rows(int[] rows, int from, int count) {
    ensure(count);
    System.arraycopy(rows, from, index, 0, count);
    Arrays.fill(repetition, 0, count, 0);
    this.count = count;
  }

  void copyOf(Slots other) {
    ensure(other.count);
    System.arraycopy(other.index, 0, index, 0, other.count);
    System.arraycopy(other.repetition, 0, repetition, 0, other.count);
    System.arraycopy(other.definition, 0, definition, 0, other.count);
    count = other.count;
  }
}
