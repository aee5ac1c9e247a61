package io.mink.query.read;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Converts a value of Iceberg's generic types from a column's type in an older schema to its type in a newer one:
 * the promotions schema evolution makes (int to long, float to double, a wider decimal) and structs that gained
 * fields, matched by field id at every level. Pure.
 */
final class ValueConversion {
  private ValueConversion() {}

  static Object convert(Object value, Type from, Type to) {
    if (value == null || from.equals(to)) {
      return value;
    }
    return switch (to.typeId()) {
      case LONG ->
        from.typeId() == Type.TypeID.INTEGER ? Long.valueOf((Integer) value) : refuse(from, to);
      case DOUBLE ->
        from.typeId() == Type.TypeID.FLOAT ? Double.valueOf((Float) value) : refuse(from, to);
      case DECIMAL -> from.typeId() == Type.TypeID.DECIMAL ? value : refuse(from, to);
      case STRUCT ->
        from.isStructType()
            ? struct((Record) value, from.asStructType(), to.asStructType())
            : refuse(from, to);
      case LIST ->
        from.isListType()
            ? list((List<?>) value, from.asListType(), to.asListType())
            : refuse(from, to);
      case MAP ->
        from.isMapType()
            ? map((Map<?, ?>) value, from.asMapType(), to.asMapType())
            : refuse(from, to);
      default -> refuse(from, to);
    };
  }

  private static Record struct(Record value, Types.StructType from, Types.StructType to) {
    Record converted = GenericRecord.create(to);
    List<Types.NestedField> fields = to.fields();
    for (int i = 0; i < fields.size(); i++) {
      Types.NestedField field = fields.get(i);
      Types.NestedField source = from.field(field.fieldId());
      if (source != null) {
        int position = from.fields().indexOf(source);
        converted.set(i, convert(value.get(position), source.type(), field.type()));
      }
    }
    return converted;
  }

  private static List<Object> list(List<?> value, Types.ListType from, Types.ListType to) {
    List<Object> converted = new ArrayList<>(value.size());
    for (Object element : value) {
      converted.add(convert(element, from.elementType(), to.elementType()));
    }
    return converted;
  }

  private static Map<Object, Object> map(Map<?, ?> value, Types.MapType from, Types.MapType to) {
    Map<Object, Object> converted = new LinkedHashMap<>();
    value.forEach((k, v) -> converted.put(
        convert(k, from.keyType(), to.keyType()), convert(v, from.valueType(), to.valueType())));
    return converted;
  }

  private static Object refuse(Type from, Type to) {
    throw new IllegalStateException("Cannot convert a value of type " + from + " to " + to
        + ": schema evolution never changes a column's type that way");
  }
}
