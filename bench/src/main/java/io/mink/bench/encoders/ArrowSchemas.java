package io.mink.bench.encoders;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
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
 * An Iceberg schema as Arrow fields that carry their Iceberg field ids ({@code PARQUET:field_id}, which
 * Arrow C++'s Parquet writer turns into Parquet field ids), and the same ids as DuckDB's {@code FIELD_IDS}
 * option of {@code COPY ... (FORMAT parquet)}.
 */
final class ArrowSchemas {
  static final String FIELD_ID = "PARQUET:field_id";

  private ArrowSchemas() {}

  static Schema of(org.apache.iceberg.Schema schema) {
    List<Field> fields = new ArrayList<>();
    for (Types.NestedField field : schema.columns()) {
      fields.add(field(field.name(), field.fieldId(), field.type()));
    }
    return new Schema(fields);
  }

  private static Field field(String name, int id, Type type) {
    FieldType fieldType =
        new FieldType(true, arrowType(type), null, Map.of(FIELD_ID, Integer.toString(id)));
    List<Field> children = new ArrayList<>();
    if (type.isStructType()) {
      for (Types.NestedField child : type.asStructType().fields()) {
        children.add(field(child.name(), child.fieldId(), child.type()));
      }
    } else if (type.isListType()) {
      Types.ListType list = type.asListType();
      children.add(field("element", list.elementId(), list.elementType()));
    } else if (type.isMapType()) {
      Types.MapType map = type.asMapType();
      Field key = field("key", map.keyId(), map.keyType());
      Field value = field("value", map.valueId(), map.valueType());
      Field entries = new Field(
          "entries", new FieldType(false, ArrowType.Struct.INSTANCE, null), List.of(key, value));
      children.add(entries);
    }
    return new Field(name, fieldType, children);
  }

  private static ArrowType arrowType(Type type) {
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
      case BINARY, UUID, FIXED -> ArrowType.Binary.INSTANCE;
      case DECIMAL ->
        new ArrowType.Decimal(
            ((Types.DecimalType) type).precision(), ((Types.DecimalType) type).scale(), 128);
      case STRUCT -> ArrowType.Struct.INSTANCE;
      case LIST -> ArrowType.List.INSTANCE;
      case MAP -> new ArrowType.Map(false);
      default -> throw new IllegalArgumentException("No Arrow type for Iceberg type " + type);
    };
  }

  /** DuckDB's FIELD_IDS value for the schema: {@code {name: id, nested: {__duckdb_field_id: id, child: id}}}. */
  static String duckDbFieldIds(org.apache.iceberg.Schema schema) {
    return schema.columns().stream()
        .map(field -> quote(field.name()) + ": " + duckDbId(field.fieldId(), field.type()))
        .collect(Collectors.joining(", ", "{", "}"));
  }

  private static String duckDbId(int id, Type type) {
    if (type.isPrimitiveType()) {
      return Integer.toString(id);
    }
    List<String> parts = new ArrayList<>();
    parts.add("__duckdb_field_id: " + id);
    if (type.isStructType()) {
      for (Types.NestedField child : type.asStructType().fields()) {
        parts.add(quote(child.name()) + ": " + duckDbId(child.fieldId(), child.type()));
      }
    } else if (type.isListType()) {
      parts.add("element: "
          + duckDbId(type.asListType().elementId(), type.asListType().elementType()));
    } else if (type.isMapType()) {
      Types.MapType map = type.asMapType();
      parts.add("key: " + duckDbId(map.keyId(), map.keyType()));
      parts.add("value: " + duckDbId(map.valueId(), map.valueType()));
    }
    return parts.stream().collect(Collectors.joining(", ", "{", "}"));
  }

  private static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }
}
