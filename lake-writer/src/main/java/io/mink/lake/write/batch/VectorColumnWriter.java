package io.mink.lake.write.batch;

import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.FieldVector;
import org.apache.iceberg.FieldMetrics;
import org.apache.iceberg.parquet.TripleWriter;
import org.apache.parquet.column.ColumnWriteStore;

/**
 * Writes the values of one Arrow vector to the Parquet columns of one field, with their repetition and
 * definition levels. Bound to each batch's vector in turn; values are read where they lie, never boxed.
 */
interface VectorColumnWriter {
  /** Reads from now on from {@code vector}, this field's vector of the next batch. */
  void bind(FieldVector vector);

  /** Writes the value at {@code index} of the bound vector. */
  void write(int repetitionLevel, int index);

  /** The Parquet leaf columns of the field. */
  List<TripleWriter<?>> columns();

  /** The writers of those leaf columns, which also write the nulls of a null parent. */
  List<LeafWriters.Leaf> leaves();

  void setColumnStore(ColumnWriteStore store);

  /** Metrics the Parquet footer lacks, such as NaN counts. */
  default Stream<FieldMetrics<?>> metrics() {
    return Stream.empty();
  }
}
