package io.mink.query.read;

import java.util.function.IntConsumer;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.iceberg.types.Type;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The values of a Parquet column chunk's dictionary as an Arrow vector of the column's type ({@link
 * io.mink.schema.batch.ArrowSchemas}): entry {@code i} of the dictionary at row {@code i}. Decoded from the way the
 * file stores the column, as Iceberg's row reader decodes it.
 */
final class DictionaryValues {
  private DictionaryValues() {}

  /** Decodes {@code dictionary} of a column stored as {@code stored} into {@code values}, a vector of {@code type}. */
  static void decode(Dictionary dictionary, PrimitiveType stored, Type type, FieldVector values) {
    IntConsumer entry = entryDecoder(dictionary, stored, type, values);
    int size = dictionary.getMaxId() + 1;
    for (int id = 0; id < size; id++) {
      entry.accept(id);
    }
    values.setValueCount(size);
  }

  private static IntConsumer entryDecoder(
      Dictionary dictionary, PrimitiveType stored, Type type, FieldVector values) {
    PrimitiveTypeName storedAs = stored.getPrimitiveTypeName();
    return switch (type.typeId()) {
      case INTEGER -> id -> ((IntVector) values).setSafe(id, dictionary.decodeToInt(id));
      case DATE -> id -> ((DateDayVector) values).setSafe(id, dictionary.decodeToInt(id));
      case LONG ->
        storedAs == PrimitiveTypeName.INT32
            ? id -> ((BigIntVector) values).setSafe(id, dictionary.decodeToInt(id))
            : id -> ((BigIntVector) values).setSafe(id, dictionary.decodeToLong(id));
      case FLOAT -> id -> ((Float4Vector) values).setSafe(id, dictionary.decodeToFloat(id));
      case DOUBLE ->
        storedAs == PrimitiveTypeName.FLOAT
            ? id -> ((Float8Vector) values).setSafe(id, dictionary.decodeToFloat(id))
            : id -> ((Float8Vector) values).setSafe(id, dictionary.decodeToDouble(id));
      case TIME -> id -> ((TimeMicroVector) values).setSafe(id, dictionary.decodeToLong(id));
      case TIMESTAMP -> timestamp(dictionary, stored, (TimeStampVector) values);
      case STRING -> id -> ((VarCharVector) values).setSafe(id, bytes(dictionary, id));
      case BINARY -> id -> ((VarBinaryVector) values).setSafe(id, bytes(dictionary, id));
      case FIXED, UUID -> id -> ((FixedSizeBinaryVector) values).setSafe(id, bytes(dictionary, id));
      case DECIMAL -> decimal(dictionary, storedAs, (DecimalVector) values);
      default -> throw unsupported(stored, type);
    };
  }

  private static IntConsumer timestamp(
      Dictionary dictionary, PrimitiveType stored, TimeStampVector values) {
    long microsPerUnit = stored.getLogicalTypeAnnotation()
                instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation timestamp
            && timestamp.getUnit() == LogicalTypeAnnotation.TimeUnit.MILLIS
        ? 1_000
        : 1;
    return id -> values.setSafe(id, dictionary.decodeToLong(id) * microsPerUnit);
  }

  private static IntConsumer decimal(
      Dictionary dictionary, PrimitiveTypeName storedAs, DecimalVector values) {
    return switch (storedAs) {
      case INT32 -> id -> values.setSafe(id, dictionary.decodeToInt(id));
      case INT64 -> id -> values.setSafe(id, dictionary.decodeToLong(id));
      default -> id -> values.setBigEndianSafe(id, bytes(dictionary, id));
    };
  }

  private static byte[] bytes(Dictionary dictionary, int id) {
    return dictionary.decodeToBinary(id).getBytes();
  }

  private static IllegalStateException unsupported(PrimitiveType stored, Type type) {
    return new IllegalStateException("Cannot decode the dictionary of column " + stored.getName()
        + " (" + stored + ") as Iceberg type " + type
        + ": read the file with Iceberg's row reader");
  }
}
