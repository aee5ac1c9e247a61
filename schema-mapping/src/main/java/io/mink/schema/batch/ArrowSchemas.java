package io.mink.schema.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * A table schema as Arrow fields: each field carries its Iceberg field id ({@code PARQUET:field_id}, the key
 * Arrow's Parquet tools read), optional columns are nullable, and every Iceberg type has one Arrow type.
 */
public final class ArrowSchemas {
  /** The field metadata key of an Iceberg field id. */
  public static final String FIELD_ID = "PARQUET:field_id";

  private ArrowSchemas() {}

  public static Schema of(org.apache.iceberg.Schema schema) {
    List<Field> fields = new ArrayList<>();
    for (Types.NestedField field : schema.columns()) {
      fields.add(field(field.name(), field.fieldId(), field.isOptional(), field.type()));
    }
    return new Schema(fields);
  }

  private static Field field(String name, int id, boolean nullable, Type type) {
    FieldType fieldType =
        new FieldType(nullable, arrowType(type), null, Map.of(FIELD_ID, Integer.toString(id)));
    List<Field> children = new ArrayList<>();
    if (type.isStructType()) {
      for (Types.NestedField child : type.asStructType().fields()) {
        children.add(field(child.name(), child.fieldId(), child.isOptional(), child.type()));
      }
    } else if (type.isListType()) {
      Types.ListType list = type.asListType();
      children.add(
          field("element", list.elementId(), list.isElementOptional(), list.elementType()));
    } else if (type.isMapType()) {
      Types.MapType map = type.asMapType();
      Field key = field("key", map.keyId(), false, map.keyType());
      Field value = field("value", map.valueId(), map.isValueOptional(), map.valueType());
      children.add(new Field(
          "entries", new FieldType(false, ArrowType.Struct.INSTANCE, null), List.of(key, value)));
    }
    return new Field(name, fieldType, children);
  }

  static ArrowType arrowType(Type type) {
    return switch (type.typeId()) {
      case BOOLEAN -> ArrowType.Bool.INSTANCE;
      case INTEGER -> new ArrowType.Int(32, true);
      case LONG -> new ArrowType.Int(64, true);
      case FLOAT -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case DATE -> new ArrowType.Date(DateUnit.DAY);
      case TIME -> new ArrowType.Time(TimeUnit.MICROSECOND, 64);
      case TIMESTAMP ->
        new ArrowType.Timestamp(
            TimeUnit.MICROSECOND, ((Types.TimestampType) type).shouldAdjustToUTC() ? "UTC" : null);
      case STRING -> ArrowType.Utf8.INSTANCE;
      case BINARY -> ArrowType.Binary.INSTANCE;
      case UUID -> new ArrowType.FixedSizeBinary(16);
      case FIXED -> new ArrowType.FixedSizeBinary(((Types.FixedType) type).length());
      case DECIMAL ->
        new ArrowType.Decimal(
            ((Types.DecimalType) type).precision(), ((Types.DecimalType) type).scale(), 128);
      case STRUCT -> ArrowType.Struct.INSTANCE;
      case LIST -> ArrowType.List.INSTANCE;
      case MAP -> new ArrowType.Map(false);
      default ->
        throw new IllegalArgumentException(
            "Mink has no column batch type for Iceberg type " + type);
    };
  }
}
