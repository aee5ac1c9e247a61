package io.mink.schema.avro;

import io.mink.schema.decode.TimeOfDay;
import io.mink.schema.decode.UnreadableSchemaException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;

/**
 * Maps an Avro schema to its Iceberg type (docs/type-mapping.md, Avro), a time of day as the table's
 * {@link TimeOfDay} says, noted in the field's doc when the type does not say it. A field, element or map value
 * is optional when its Avro type is null or a union holding null. Field ids are numbered
 * breadth-first from 1 after the walk, so the same schema always gives the same ids and a record's
 * top-level fields are 1 to n.
 */
final class AvroToIcebergType extends AvroSchemaVisitor<Type> {
  private final TimeOfDay timeOfDay;
  private int provisionalId;

  private AvroToIcebergType(TimeOfDay timeOfDay) {
    this.timeOfDay = timeOfDay;
  }

  static Type convert(Schema schema, TimeOfDay timeOfDay) throws UnreadableSchemaException {
    Type provisional = visit(schema, new AvroToIcebergType(timeOfDay));
    int[] nextId = {1};
    return TypeUtil.assignFreshIds(provisional, () -> nextId[0]++);
  }

  @Override
  Type record(Schema record, List<Type> fieldTypes) {
    List<Schema.Field> fields = record.getFields();
    List<Types.NestedField> columns = new ArrayList<>(fields.size());
    for (int position = 0; position < fields.size(); position++) {
      Schema.Field field = fields.get(position);
      columns.add(Types.NestedField.builder()
          .withId(++provisionalId)
          .withName(field.name())
          .isOptional(isNullable(field.schema()))
          .ofType(fieldTypes.get(position))
          .withDoc(TimeOfDayNote.doc(field, timeOfDay))
          .build());
    }
    return Types.StructType.of(columns);
  }

  @Override
  Type option(Schema union, Type value) {
    return value;
  }

  @Override
  Type nullValue(Schema schema) {
    return Types.StringType.get();
  }

  @Override
  Type array(Schema array, Type element) {
    int elementId = ++provisionalId;
    return isNullable(array.getElementType())
        ? Types.ListType.ofOptional(elementId, element)
        : Types.ListType.ofRequired(elementId, element);
  }

  @Override
  Type map(Schema map, Type value) {
    int keyId = ++provisionalId;
    int valueId = ++provisionalId;
    return isNullable(map.getValueType())
        ? Types.MapType.ofOptional(keyId, valueId, Types.StringType.get(), value)
        : Types.MapType.ofRequired(keyId, valueId, Types.StringType.get(), value);
  }

  @Override
  Type json(Schema schema) {
    return Types.StringType.get();
  }

  @Override
  Type leaf(Schema schema, AvroLeaf leaf) {
    return switch (leaf) {
      case BOOLEAN -> Types.BooleanType.get();
      case INT -> Types.IntegerType.get();
      case LONG, TIMESTAMP_NANOS, LOCAL_TIMESTAMP_NANOS -> Types.LongType.get();
      case FLOAT -> Types.FloatType.get();
      case DOUBLE -> Types.DoubleType.get();
      case BYTES -> Types.BinaryType.get();
      case STRING, ENUM, WIDE_DECIMAL -> Types.StringType.get();
      case FIXED, DURATION -> Types.FixedType.ofLength(schema.getFixedSize());
      case DECIMAL -> {
        LogicalTypes.Decimal decimal = (LogicalTypes.Decimal) schema.getLogicalType();
        yield Types.DecimalType.of(decimal.getPrecision(), decimal.getScale());
      }
      case UUID_STRING, UUID_FIXED -> Types.UUIDType.get();
      case DATE -> Types.DateType.get();
      case TIME_MILLIS, TIME_MICROS ->
        switch (timeOfDay) {
          case TIME -> Types.TimeType.get();
          case LONG -> Types.LongType.get();
          case STRING -> Types.StringType.get();
        };
      case TIMESTAMP_MILLIS, TIMESTAMP_MICROS -> Types.TimestampType.withZone();
      case LOCAL_TIMESTAMP_MILLIS, LOCAL_TIMESTAMP_MICROS -> Types.TimestampType.withoutZone();
    };
  }
}
