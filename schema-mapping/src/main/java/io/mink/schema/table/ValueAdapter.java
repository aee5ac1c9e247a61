package io.mink.schema.table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Moves a decoded value of a source type into the shape of a table column: struct fields into the
 * columns {@link ColumnMatch} picks, promotions widened, lists and maps element by element.
 * Compiled once per source and table type.
 */
@FunctionalInterface
interface ValueAdapter {
  ValueAdapter IDENTITY = value -> value;

  Object adapt(Object value);

  static ValueAdapter compile(Type source, Type target) {
    if (target.isStructType()) {
      return struct(source.asStructType(), target.asStructType());
    }
    if (target.isListType()) {
      ValueAdapter element =
          compile(source.asListType().elementType(), target.asListType().elementType());
      if (element == IDENTITY) {
        return IDENTITY;
      }
      return value -> {
        List<?> list = (List<?>) value;
        List<Object> adapted = new ArrayList<>(list.size());
        for (Object item : list) {
          adapted.add(item == null ? null : element.adapt(item));
        }
        return adapted;
      };
    }
    if (target.isMapType()) {
      ValueAdapter mapValue =
          compile(source.asMapType().valueType(), target.asMapType().valueType());
      if (mapValue == IDENTITY) {
        return IDENTITY;
      }
      return value -> {
        Map<?, ?> map = (Map<?, ?>) value;
        Map<Object, Object> adapted = new HashMap<>(map.size() * 2);
        map.forEach((k, v) -> adapted.put(k, v == null ? null : mapValue.adapt(v)));
        return adapted;
      };
    }
    return primitive(source, target);
  }

  private static ValueAdapter primitive(Type source, Type target) {
    if (source.typeId() == target.typeId()) {
      return IDENTITY;
    }
    if (source.typeId() == Type.TypeID.INTEGER && target.typeId() == Type.TypeID.LONG) {
      return value -> ((Integer) value).longValue();
    }
    if (source.typeId() == Type.TypeID.FLOAT && target.typeId() == Type.TypeID.DOUBLE) {
      return value -> ((Float) value).doubleValue();
    }
    throw new IllegalArgumentException(
        "Cannot write " + source + " values to a column of type " + target);
  }

  private static ValueAdapter struct(Types.StructType source, Types.StructType target) {
    List<Types.NestedField> sourceFields = source.fields();
    int[] targetPositions = new int[sourceFields.size()];
    ValueAdapter[] adapters = new ValueAdapter[sourceFields.size()];
    for (int i = 0; i < sourceFields.size(); i++) {
      Types.NestedField field = sourceFields.get(i);
      targetPositions[i] = positionOf(target, field);
      adapters[i] =
          compile(field.type(), target.fields().get(targetPositions[i]).type());
    }
    return value -> {
      Record from = (Record) value;
      GenericRecord to = GenericRecord.create(target);
      for (int i = 0; i < targetPositions.length; i++) {
        Object fieldValue = from.get(i);
        to.set(targetPositions[i], fieldValue == null ? null : adapters[i].adapt(fieldValue));
      }
      return to;
    };
  }

  /** The position of the column that takes the source field's values. */
  static int positionOf(Types.StructType struct, Types.NestedField source) {
    Types.NestedField column = ColumnMatch.columnFor(struct, source);
    if (column == null) {
      throw new IllegalArgumentException("No column of " + struct + " takes field " + source.name()
          + " of type " + source.type() + ": merge the source schema first");
    }
    List<Types.NestedField> fields = struct.fields();
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).fieldId() == column.fieldId()) {
        return i;
      }
    }
    throw new IllegalStateException("Column " + column.name() + " is not in " + struct);
  }
}
