package io.mink.lake.write.batch;

import io.mink.schema.batch.RowBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.iceberg.FieldMetrics;
import org.apache.iceberg.Schema;
import org.apache.iceberg.parquet.ParquetValueWriter;
import org.apache.iceberg.parquet.TripleWriter;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;

/**
 * Iceberg's Parquet value writer for rows of column batches: one {@link VectorColumnWriter} per column reads
 * its vector directly, so no row object is built and no value boxed. Built per file for the file's Parquet
 * schema, which Iceberg derives from the table schema.
 */
public final class BatchParquetWriter implements ParquetValueWriter<BatchRow> {
  private final VectorColumnWriter[] fields;
  private final List<TripleWriter<?>> columns = new ArrayList<>();
  private RowBatch bound;

  private BatchParquetWriter(List<VectorColumnWriter> fields) {
    this.fields = fields.toArray(VectorColumnWriter[]::new);
    fields.forEach(field -> columns.addAll(field.columns()));
  }

  /** The writer of rows of {@code schema} into files of the Parquet schema {@code type}. */
  public static BatchParquetWriter of(Schema schema, MessageType type) {
    LevelPaths paths = new LevelPaths(type);
    List<VectorColumnWriter> fields = new ArrayList<>();
    List<Types.NestedField> columns = schema.columns();
    for (int i = 0; i < columns.size(); i++) {
      fields.add(paths.field(columns.get(i), type, i, new ArrayList<>()));
    }
    return new BatchParquetWriter(fields);
  }

  @Override
  public void write(int repetitionLevel, BatchRow row) {
    if (row.batch() != bound) {
      bind(row.batch());
    }
    int index = row.index();
    for (VectorColumnWriter field : fields) {
      field.write(repetitionLevel, index);
    }
  }

  private void bind(RowBatch batch) {
    for (int i = 0; i < fields.length; i++) {
      fields[i].bind(batch.column(i));
    }
    bound = batch;
  }

  @Override
  public List<TripleWriter<?>> columns() {
    return columns;
  }

  @Override
  public void setColumnStore(ColumnWriteStore store) {
    for (VectorColumnWriter field : fields) {
      field.setColumnStore(store);
    }
  }

  @Override
  public Stream<FieldMetrics<?>> metrics() {
    return Stream.of(fields).flatMap(VectorColumnWriter::metrics);
  }

  /** Walks the Iceberg and Parquet schemas together, giving each writer the levels of its path. */
  private record LevelPaths(MessageType message) {
    VectorColumnWriter field(
        Types.NestedField field, GroupType parent, int position, List<String> parentPath) {
      org.apache.parquet.schema.Type parquet = parent.getType(position);
      if (parquet.getId() != null && parquet.getId().intValue() != field.fieldId()) {
        throw new IllegalStateException("Parquet field " + parquet.getName() + " has id "
            + parquet.getId() + ", not the id " + field.fieldId() + " of column " + field.name());
      }
      List<String> path = new ArrayList<>(parentPath);
      path.add(parquet.getName());
      VectorColumnWriter value = value(field.fieldId(), field.type(), parquet, path);
      if (parquet.isRepetition(org.apache.parquet.schema.Type.Repetition.OPTIONAL)) {
        return new GroupWriters.Optional(level(path), value);
      }
      return value;
    }

    private VectorColumnWriter value(
        int fieldId, Type type, org.apache.parquet.schema.Type parquet, List<String> path) {
      if (type.isStructType()) {
        GroupType group = parquet.asGroupType();
        List<VectorColumnWriter> children = new ArrayList<>();
        List<Types.NestedField> fields = type.asStructType().fields();
        for (int i = 0; i < fields.size(); i++) {
          children.add(field(fields.get(i), group, i, path));
        }
        return new GroupWriters.Struct(children);
      }
      if (type.isListType() || type.isMapType()) {
        return repeated(type, parquet.asGroupType(), path);
      }
      return leaf(fieldId, type, path);
    }

    /** Iceberg's three-level lists and maps: a group holding one repeated group of the elements or entries. */
    private VectorColumnWriter repeated(Type type, GroupType group, List<String> path) {
      GroupType repeated = group.getType(0).asGroupType();
      List<String> repeatedPath = new ArrayList<>(path);
      repeatedPath.add(repeated.getName());
      String[] levels = repeatedPath.toArray(String[]::new);
      int definition = message.getMaxDefinitionLevel(levels);
      int repetition = message.getMaxRepetitionLevel(levels);
      List<VectorColumnWriter> entry = new ArrayList<>();
      for (Types.NestedField child : type.asNestedType().fields()) {
        entry.add(field(child, repeated, entry.size(), repeatedPath));
      }
      return new GroupWriters.Repeated(definition, repetition, entry);
    }

    private VectorColumnWriter leaf(int fieldId, Type type, List<String> path) {
      var desc = message.getColumnDescription(path.toArray(String[]::new));
      return switch (type.typeId()) {
        case BOOLEAN -> new LeafWriters.Booleans(desc);
        case INTEGER, DATE -> new LeafWriters.Ints(desc);
        case LONG, TIME, TIMESTAMP -> new LeafWriters.Longs(desc);
        case FLOAT -> new LeafWriters.Floats(desc, fieldId);
        case DOUBLE -> new LeafWriters.Doubles(desc, fieldId);
        case STRING, BINARY -> new LeafWriters.Bytes(desc);
        case FIXED, UUID -> new LeafWriters.FixedBytes(desc);
        case DECIMAL -> new LeafWriters.Decimals(desc);
        default ->
          throw new IllegalArgumentException(
              "Mink cannot write Iceberg type " + type + " from a column batch");
      };
    }

    private int level(List<String> path) {
      return message.getMaxDefinitionLevel(path.toArray(String[]::new));
    }
  }
}
