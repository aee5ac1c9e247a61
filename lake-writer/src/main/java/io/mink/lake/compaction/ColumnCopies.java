package io.mink.lake.compaction;

import io.mink.lake.compaction.ColumnCopy.Leaf.ValueCopyFactory;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.parquet.ParquetSchemaUtil;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Chooses how each column of a table schema is copied out of a Parquet file of the table: by parquet-java's column
 * readers straight into the vector where the file stores the column as Iceberg writes it (every primitive type,
 * and structs of them), else by Iceberg's generic reader ({@link ColumnCopy.Generic}), which reads anything
 * Iceberg can. Columns are matched by field id, so renamed columns read; an int column promoted to long, a float
 * promoted to double and a widened decimal read their older files too.
 */
final class ColumnCopies {
  private ColumnCopies() {}

  /** The copies of the schema's top-level columns, in schema order, for a file of {@code fileSchema}. */
  static List<ColumnCopy> of(Schema schema, MessageType fileSchema) {
    List<ColumnCopy> copies = new ArrayList<>();
    for (Types.NestedField column : schema.columns()) {
      copies.add(top(column, fileSchema));
    }
    return copies;
  }

  private static ColumnCopy top(Types.NestedField column, MessageType fileSchema) {
    org.apache.parquet.schema.Type stored = byId(fileSchema, column.fieldId());
    if (stored == null && column.initialDefault() == null) {
      return new ColumnCopy.Missing();
    }
    if (stored != null) {
      ColumnCopy columnar = columnar(column.type(), stored, fileSchema, List.of(stored.getName()));
      if (columnar != null) {
        return columnar;
      }
    }
    Schema single = new Schema(column);
    return new ColumnCopy.Generic(
        GenericParquetReaders.buildReader(
            single, ParquetSchemaUtil.pruneColumns(fileSchema, single)),
        column.type());
  }

  /** The column-wise copy of a value stored as {@code stored}, or null if only the generic reader reads it. */
  private static ColumnCopy columnar(
      Type type, org.apache.parquet.schema.Type stored, MessageType fileSchema, List<String> path) {
    if (type.isStructType()) {
      return stored.isPrimitive()
          ? null
          : struct(type.asStructType(), stored.asGroupType(), fileSchema, path);
    }
    if (type.isNestedType()
        || !stored.isPrimitive()
        || stored.isRepetition(org.apache.parquet.schema.Type.Repetition.REPEATED)) {
      return null;
    }
    ValueCopyFactory values = values(type.asPrimitiveType(), stored.asPrimitiveType());
    return values == null
        ? null
        : new ColumnCopy.Leaf(fileSchema.getColumnDescription(path.toArray(String[]::new)), values);
  }

  private static ColumnCopy struct(
      Types.StructType type, GroupType stored, MessageType fileSchema, List<String> path) {
    if (stored.isRepetition(org.apache.parquet.schema.Type.Repetition.REPEATED)
        || stored.getLogicalTypeAnnotation() != null) {
      return null;
    }
    List<ColumnCopy> fields = new ArrayList<>();
    ColumnCopy.Leaf firstLeaf = null;
    for (Types.NestedField field : type.fields()) {
      org.apache.parquet.schema.Type storedField = byId(stored, field.fieldId());
      if (storedField == null) {
        if (field.initialDefault() != null) {
          return null;
        }
        fields.add(new ColumnCopy.Missing());
        continue;
      }
      List<String> fieldPath = new ArrayList<>(path);
      fieldPath.add(storedField.getName());
      ColumnCopy copy = columnar(field.type(), storedField, fileSchema, fieldPath);
      if (copy == null) {
        return null;
      }
      if (firstLeaf == null) {
        firstLeaf = firstLeaf(copy);
      }
      fields.add(copy);
    }
    if (firstLeaf == null) {
      return null;
    }
    return new ColumnCopy.Struct(
        fields, firstLeaf, fileSchema.getMaxDefinitionLevel(path.toArray(String[]::new)));
  }

  private static ColumnCopy.Leaf firstLeaf(ColumnCopy copy) {
    if (copy instanceof ColumnCopy.Leaf leaf) {
      return leaf;
    }
    if (copy instanceof ColumnCopy.Struct struct) {
      return struct.firstLeaf();
    }
    return null;
  }

  private static org.apache.parquet.schema.Type byId(GroupType group, int fieldId) {
    for (org.apache.parquet.schema.Type field : group.getFields()) {
      if (field.getId() != null && field.getId().intValue() == fieldId) {
        return field;
      }
    }
    return null;
  }

  /** How a value of the table's type is copied from a column stored as {@code stored}; null if not column-wise. */
  private static ValueCopyFactory values(Type.PrimitiveType type, PrimitiveType stored) {
    PrimitiveTypeName physical = stored.getPrimitiveTypeName();
    LogicalTypeAnnotation logical = stored.getLogicalTypeAnnotation();
    return switch (type.typeId()) {
      case BOOLEAN ->
        physical == PrimitiveTypeName.BOOLEAN
            ? vector ->
                (reader, slot) -> ((BitVector) vector).setSafe(slot, reader.getBoolean() ? 1 : 0)
            : null;
      case INTEGER ->
        physical == PrimitiveTypeName.INT32 && plainInt(logical)
            ? vector -> (reader, slot) -> ((IntVector) vector).setSafe(slot, reader.getInteger())
            : null;
      case LONG -> longs(physical, logical);
      case FLOAT ->
        physical == PrimitiveTypeName.FLOAT
            ? vector -> (reader, slot) -> ((Float4Vector) vector).setSafe(slot, reader.getFloat())
            : null;
      case DOUBLE -> doubles(physical);
      case DATE ->
        physical == PrimitiveTypeName.INT32
                && logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation
            ? vector ->
                (reader, slot) -> ((DateDayVector) vector).setSafe(slot, reader.getInteger())
            : null;
      case TIME ->
        physical == PrimitiveTypeName.INT64
                && logical instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation time
                && time.getUnit() == LogicalTypeAnnotation.TimeUnit.MICROS
            ? vector -> (reader, slot) -> ((TimeMicroVector) vector).setSafe(slot, reader.getLong())
            : null;
      case TIMESTAMP ->
        physical == PrimitiveTypeName.INT64
                && logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation time
                && time.getUnit() == LogicalTypeAnnotation.TimeUnit.MICROS
            ? vector -> (reader, slot) -> ((TimeStampVector) vector).setSafe(slot, reader.getLong())
            : null;
      case STRING ->
        physical == PrimitiveTypeName.BINARY
            ? vector -> (reader, slot) -> setBytes((VarCharVector) vector, slot, reader.getBinary())
            : null;
      case BINARY ->
        physical == PrimitiveTypeName.BINARY
            ? vector ->
                (reader, slot) -> setBytes((VarBinaryVector) vector, slot, reader.getBinary())
            : null;
      case UUID -> fixed(physical, stored, 16);
      case FIXED -> fixed(physical, stored, ((Types.FixedType) type).length());
      case DECIMAL -> decimal((Types.DecimalType) type, physical, logical);
      default -> null;
    };
  }

  /** A long column, or an int column promoted to long after the file was written. */
  private static ValueCopyFactory longs(PrimitiveTypeName physical, LogicalTypeAnnotation logical) {
    if (!plainInt(logical)) {
      return null;
    }
    if (physical == PrimitiveTypeName.INT64) {
      return vector -> (reader, slot) -> ((BigIntVector) vector).setSafe(slot, reader.getLong());
    }
    return physical == PrimitiveTypeName.INT32
        ? vector -> (reader, slot) -> ((BigIntVector) vector).setSafe(slot, reader.getInteger())
        : null;
  }

  /** A double column, or a float column promoted to double after the file was written. */
  private static ValueCopyFactory doubles(PrimitiveTypeName physical) {
    if (physical == PrimitiveTypeName.DOUBLE) {
      return vector -> (reader, slot) -> ((Float8Vector) vector).setSafe(slot, reader.getDouble());
    }
    return physical == PrimitiveTypeName.FLOAT
        ? vector -> (reader, slot) -> ((Float8Vector) vector).setSafe(slot, reader.getFloat())
        : null;
  }

  private static boolean plainInt(LogicalTypeAnnotation logical) {
    return logical == null
        || (logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation integer
            && integer.isSigned());
  }

  private static ValueCopyFactory fixed(
      PrimitiveTypeName physical, PrimitiveType stored, int length) {
    return physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY && stored.getTypeLength() == length
        ? vector -> (reader, slot) ->
            ((FixedSizeBinaryVector) vector).setSafe(slot, reader.getBinary().getBytesUnsafe())
        : null;
  }

  private static ValueCopyFactory decimal(
      Types.DecimalType type, PrimitiveTypeName physical, LogicalTypeAnnotation logical) {
    if (!(logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation decimal)
        || decimal.getScale() != type.scale()
        || decimal.getPrecision() > type.precision()) {
      return null;
    }
    return switch (physical) {
      case INT32 ->
        vector -> (reader, slot) -> ((DecimalVector) vector).setSafe(slot, reader.getInteger());
      case INT64 ->
        vector -> (reader, slot) -> ((DecimalVector) vector).setSafe(slot, reader.getLong());
      case FIXED_LEN_BYTE_ARRAY, BINARY ->
        vector -> (reader, slot) ->
            ((DecimalVector) vector).setBigEndianSafe(slot, reader.getBinary().getBytesUnsafe());
      default -> null;
    };
  }

  private static void setBytes(VarBinaryVector vector, int slot, Binary value) {
    ByteBuffer bytes = value.toByteBuffer();
    vector.setSafe(slot, bytes, bytes.position(), bytes.remaining());
  }

  private static void setBytes(VarCharVector vector, int slot, Binary value) {
    ByteBuffer bytes = value.toByteBuffer();
    vector.setSafe(slot, bytes, bytes.position(), bytes.remaining());
  }
}
