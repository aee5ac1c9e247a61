package io.mink.query.filter;

import io.mink.schema.KafkaColumns;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;

/** A table schema with a column of each type the filter language compares, and rows of it. */
final class WhereTables {
  static final Types.StructType PAYLOAD = Types.StructType.of(
      NestedField.optional(15, "amount", Types.DoubleType.get()),
      NestedField.optional(16, "Big Field", Types.StringType.get()));
  static final Schema TABLE = schema(
      NestedField.optional(10, "amount", Types.DoubleType.get()),
      NestedField.optional(11, "price", Types.DecimalType.of(10, 2)),
      NestedField.optional(12, "customer", Types.StringType.get()),
      NestedField.optional(13, "paid", Types.BooleanType.get()),
      NestedField.optional(14, "payload", PAYLOAD),
      NestedField.optional(17, "day", Types.DateType.get()),
      NestedField.optional(18, "at", Types.TimeType.get()),
      NestedField.optional(19, "local_ts", Types.TimestampType.withoutZone()),
      NestedField.optional(20, "id", Types.UUIDType.get()),
      NestedField.optional(21, "ratio", Types.FloatType.get()),
      NestedField.optional(
          22,
          "lines",
          Types.ListType.ofOptional(
              23, Types.StructType.of(NestedField.optional(24, "sku", Types.StringType.get())))),
      NestedField.optional(25, "count", Types.LongType.get()));

  private WhereTables() {}

  /** The Kafka columns followed by {@code columns}. */
  static Schema schema(NestedField... columns) {
    List<NestedField> fields = new ArrayList<>(KafkaColumns.SCHEMA.columns());
    fields.addAll(List.of(columns));
    return new Schema(fields);
  }

  /** A row of {@code schema} at {@code offset} in partition 0, with the given column names and values. */
  static Record row(Schema schema, long offset, Object... namesAndValues) {
    Record row = GenericRecord.create(schema);
    row.setField(KafkaColumns.PARTITION, 0);
    row.setField(KafkaColumns.OFFSET, offset);
    for (int i = 0; i < namesAndValues.length; i += 2) {
      row.setField((String) namesAndValues[i], namesAndValues[i + 1]);
    }
    return row;
  }

  static Record row(long offset, Object... namesAndValues) {
    return row(TABLE, offset, namesAndValues);
  }
}
