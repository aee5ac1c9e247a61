package io.mink.query.read;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.iceberg.Schema;
import org.apache.iceberg.arrow.vectorized.VectorizedArrowReader;
import org.apache.iceberg.arrow.vectorized.VectorizedReaderBuilder;
import org.apache.iceberg.data.IdentityPartitionConverters;
import org.apache.iceberg.parquet.TypeWithSchemaVisitor;
import org.apache.iceberg.parquet.VectorizedReader;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;

/**
 * Iceberg's vectorized Parquet column readers for one file, put together as a {@link RowBatchReader}. Each column
 * reader allocates its vectors from {@code allocator}, a child of the allocator every {@link
 * io.mink.schema.batch.RowBatch} comes from, so that a batch can take over their buffers without copying them.
 *
 * <p>A long column whose file stores it as INT32 (written before the column was promoted from int) is read as an
 * int column: iceberg-arrow 1.11 would otherwise read it into a vector of the wrong width (it allocates by the
 * table's type but reads by the file's); {@link ColumnLoad} widens it. A column stored as INT96 timestamps is
 * refused ({@link UnsupportedOperationException}): iceberg-arrow 1.11 writes the values of such a column chunk
 * decoded from a dictionary at the wrong place when the chunk also has plain pages.
 */
final class RowBatchReaderBuilder extends VectorizedReaderBuilder {
  private final MessageType fileSchema;
  private final Schema projection;
  private final BufferAllocator allocator;
  private final List<ColumnPath> columnsRead;

  private RowBatchReaderBuilder(
      Schema projection,
      MessageType fileSchema,
      Map<Integer, ?> constants,
      BufferAllocator allocator,
      List<ColumnPath> columnsRead) {
    super(
        projection,
        fileSchema,
        true,
        constants,
        readers -> new RowBatchReader(projection, readers, columnsRead),
        IdentityPartitionConverters::convertConstant,
        allocator);
    this.fileSchema = fileSchema;
    this.projection = projection;
    this.allocator = allocator;
    this.columnsRead = columnsRead;
  }

  /**
   * The reader of the columns of {@code projection} from a file of {@code fileSchema}.
   *
   * @param constants column values that come from the file's metadata rather than its data (identity partition
   *     values), as Iceberg generic values
   */
  static RowBatchReader build(
      Schema projection,
      MessageType fileSchema,
      Map<Integer, ?> constants,
      BufferAllocator allocator) {
    return (RowBatchReader) TypeWithSchemaVisitor.visit(
        projection.asStruct(),
        fileSchema,
        new RowBatchReaderBuilder(projection, fileSchema, constants, allocator, new ArrayList<>()));
  }

  @Override
  public VectorizedReader<?> primitive(Type.PrimitiveType expected, PrimitiveType primitive) {
    if (primitive.getId() == null) {
      return null;
    }
    ColumnDescriptor column = fileSchema.getColumnDescription(currentPath());
    if (column.getMaxRepetitionLevel() > 0) {
      return null;
    }
    Types.NestedField field = projection.findField(primitive.getId().intValue());
    if (field == null) {
      return null;
    }
    if (primitive.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT96) {
      throw new UnsupportedOperationException(
          "Cannot read column " + field.name()
              + " vectorized: it is stored as INT96 timestamps, which iceberg-arrow 1.11 decodes wrongly where a "
              + "column chunk mixes dictionary and plain pages; read the file with Iceberg's row reader");
    }
    columnsRead.add(ColumnPath.get(column.getPath()));
    return new VectorizedArrowReader(column, asStored(field, primitive), allocator, true);
  }

  private static Types.NestedField asStored(Types.NestedField field, PrimitiveType primitive) {
    if (field.type().typeId() == Type.TypeID.LONG
        && primitive.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT32) {
      return Types.NestedField.from(field).ofType(Types.IntegerType.get()).build();
    }
    return field;
  }
}
