package io.mink.spark;

import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Iceberg's types as Spark's, for the columns the union read's Arrow batches hand to Spark's {@code
 * ArrowColumnVector}. Pure.
 *
 * <p>uuid, fixed and time columns are stored by Mink as Arrow fixed-size binary and time vectors, which Spark's
 * Arrow column vector does not read; a table with one is refused with the column's name.
 */
final class SparkTypes {
  private SparkTypes() {}

  static StructType struct(Schema schema, String table) {
    return struct(schema.columns(), table);
  }

  private static StructType struct(List<Types.NestedField> fields, String table) {
    StructField[] spark = new StructField[fields.size()];
    for (int i = 0; i < fields.size(); i++) {
      Types.NestedField field = fields.get(i);
      Metadata metadata = field.doc() == null
          ? Metadata.empty()
          : new org.apache.spark.sql.types.MetadataBuilder()
              .putString("comment", field.doc())
              .build();
      spark[i] = new StructField(
          field.name(), type(field.type(), field.name(), table), field.isOptional(), metadata);
    }
    return new StructType(spark);
  }

  static DataType type(Type type, String column, String table) {
    return switch (type.typeId()) {
      case BOOLEAN -> DataTypes.BooleanType;
      case INTEGER -> DataTypes.IntegerType;
      case LONG -> DataTypes.LongType;
      case FLOAT -> DataTypes.FloatType;
      case DOUBLE -> DataTypes.DoubleType;
      case DATE -> DataTypes.DateType;
      case TIMESTAMP ->
        ((Types.TimestampType) type).shouldAdjustToUTC()
            ? DataTypes.TimestampType
            : DataTypes.TimestampNTZType;
      case STRING -> DataTypes.StringType;
      case BINARY -> DataTypes.BinaryType;
      case DECIMAL ->
        DataTypes.createDecimalType(
            ((Types.DecimalType) type).precision(), ((Types.DecimalType) type).scale());
      case STRUCT -> struct(type.asStructType().fields(), table);
      case LIST -> {
        Types.ListType list = type.asListType();
        yield DataTypes.createArrayType(
            type(list.elementType(), column, table), list.isElementOptional());
      }
      case MAP -> {
        Types.MapType map = type.asMapType();
        yield DataTypes.createMapType(
            type(map.keyType(), column, table),
            type(map.valueType(), column, table),
            map.isValueOptional());
      }
      default ->
        throw new UnsupportedOperationException("Column " + column + " of " + table
            + " is of type " + type
            + ", which Mink's Spark runtime does not read yet: read the table "
            + "with mink read, mink-query, or Iceberg's own Spark runtime for the lake alone");
    };
  }
}
