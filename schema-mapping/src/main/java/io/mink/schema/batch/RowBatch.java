package io.mink.schema.batch;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

/**
 * Rows of one table schema as Arrow column vectors: what a round's fetch thread builds and its writer lanes
 * encode, and what a read returns. The vectors live outside the heap until {@link #close()}; whoever holds a
 * batch last closes it.
 */
public final class RowBatch implements AutoCloseable {
  private static final BufferAllocator ALLOCATOR = new RootAllocator();

  private final Schema schema;
  private final VectorSchemaRoot root;

  private RowBatch(Schema schema, VectorSchemaRoot root) {
    this.schema = schema;
    this.root = root;
  }

  /** An empty batch of the schema with room for {@code rows} rows before its vectors grow. */
  public static RowBatch allocate(Schema schema, int rows) {
    return allocate(schema, rows, Map.of());
  }

  /**
   * An empty batch of the schema with room for {@code rows} rows before its vectors grow, and, for each
   * top-level variable-width column named by position in {@code columnBytes}, room for that many bytes of
   * values (otherwise Arrow's default of a few bytes a row, doubled as values come).
   */
  public static RowBatch allocate(Schema schema, int rows, Map<Integer, Long> columnBytes) {
    requireNonNull(schema, "schema is null");
    requireNonNull(columnBytes, "columnBytes is null");
    VectorSchemaRoot root = VectorSchemaRoot.create(ArrowSchemas.of(schema), ALLOCATOR);
    int count = Math.max(1, rows);
    List<FieldVector> vectors = root.getFieldVectors();
    for (int position = 0; position < vectors.size(); position++) {
      FieldVector vector = vectors.get(position);
      Long bytes = columnBytes.get(position);
      if (bytes != null && bytes > 0 && vector instanceof BaseVariableWidthVector variable) {
        variable.setInitialCapacity(count, Math.max(1.0, (double) bytes / count));
      } else {
        vector.setInitialCapacity(count);
      }
    }
    root.allocateNew();
    return new RowBatch(schema, root);
  }

  /** A batch holding {@code rows}, Iceberg generic rows of the schema. */
  public static RowBatch of(Schema schema, List<? extends StructLike> rows) {
    RowBatch batch = allocate(schema, rows.size());
    List<Types.NestedField> columns = schema.columns();
    for (int c = 0; c < columns.size(); c++) {
      ValueSetter setter = ValueSetter.compile(columns.get(c).type(), batch.column(c));
      for (int row = 0; row < rows.size(); row++) {
        setter.set(row, rows.get(row).get(c, Object.class));
      }
    }
    batch.finish(rows.size());
    return batch;
  }

  /** The batch's rows as Iceberg generic records, for callers that want objects. */
  public List<Record> toRecords() {
    List<Types.NestedField> columns = schema.columns();
    List<ValueGetter> getters = new ArrayList<>();
    for (int c = 0; c < columns.size(); c++) {
      getters.add(ValueGetter.compile(columns.get(c).type(), column(c)));
    }
    List<Record> records = new ArrayList<>(rows());
    for (int row = 0; row < rows(); row++) {
      GenericRecord record = GenericRecord.create(schema);
      for (int c = 0; c < getters.size(); c++) {
        record.set(c, getters.get(c).get(row));
      }
      records.add(record);
    }
    return records;
  }

  public Schema schema() {
    return schema;
  }

  public int rows() {
    return root.getRowCount();
  }

  /** The vector of the schema's top-level column at {@code position}. */
  public FieldVector column(int position) {
    return root.getVector(position);
  }

  public VectorSchemaRoot root() {
    return root;
  }

  /** Ends appending: the batch holds {@code rows} rows. */
  public void finish(int rows) {
    root.setRowCount(rows);
  }

  /**
   * A child of the allocator every batch's vectors come from, for vectors that take over a batch's buffers
   * without copying them (Arrow moves buffers only between allocators of one root). Its bytes count in
   * {@link #allocatedBytes()}; close it once its vectors are closed.
   */
  public static BufferAllocator newChildAllocator(String name) {
    return ALLOCATOR.newChildAllocator(name, 0, Long.MAX_VALUE);
  }

  /** Off-heap bytes held by every batch not yet closed, and by the vectors of child allocators. */
  public static long allocatedBytes() {
    return ALLOCATOR.getAllocatedMemory();
  }

  @Override
  public void close() {
    root.close();
  }
}
