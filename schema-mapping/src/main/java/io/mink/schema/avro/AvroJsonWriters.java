package io.mink.schema.avro;

import io.mink.schema.avro.ComplexJsonWriters.ArrayJson;
import io.mink.schema.avro.ComplexJsonWriters.MapJson;
import io.mink.schema.avro.ComplexJsonWriters.RecordJson;
import io.mink.schema.avro.ComplexJsonWriters.UnionJson;
import io.mink.schema.avro.LeafJsonWriters.BooleanJson;
import io.mink.schema.avro.LeafJsonWriters.BytesJson;
import io.mink.schema.avro.LeafJsonWriters.DecimalJson;
import io.mink.schema.avro.LeafJsonWriters.EnumJson;
import io.mink.schema.avro.LeafJsonWriters.FloatingJson;
import io.mink.schema.avro.LeafJsonWriters.IntJson;
import io.mink.schema.avro.LeafJsonWriters.LongJson;
import io.mink.schema.avro.LeafJsonWriters.NullJson;
import io.mink.schema.avro.LeafJsonWriters.StringJson;
import io.mink.schema.avro.LeafJsonWriters.TemporalJson;
import io.mink.schema.avro.LeafJsonWriters.UuidJson;
import io.mink.schema.avro.TemporalDecoders.DateDecoder;
import io.mink.schema.avro.TemporalDecoders.InstantDecoder;
import io.mink.schema.avro.TemporalDecoders.LocalDateTimeDecoder;
import io.mink.schema.avro.TemporalDecoders.TimeMicrosDecoder;
import io.mink.schema.avro.TemporalDecoders.TimeMillisDecoder;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;

/**
 * Builds the JSON writer of an Avro schema, for the parts Iceberg cannot type: unions of several
 * non-null types, decimals wider than 38 digits and recursive records (docs/type-mapping.md,
 * Avro: "string, as JSON"). Records are built once per name, so a recursive record's writer refers to
 * itself; when decoding, records, arrays and maps nest at most {@value AvroCursor#MAX_DEPTH} deep.
 *
 * <p>The JSON form follows Avro's JSON encoding except where noted:
 * <ul>
 *   <li>null, boolean, int, long: JSON null, true/false and integers; float and double: JSON
 *       numbers, and NaN, Infinity, -Infinity as those strings;
 *   <li>string: a JSON string; enum: its symbol as a string;
 *   <li>bytes and fixed (duration included): a string of their standard base64 with padding, not
 *       Avro's ISO-8859-1 text, so that engines can decode it ({@code from_base64}, {@code unbase64});
 *   <li>record: an object of its fields in schema order; map: an object of its entries in the order
 *       written; array: an array;
 *   <li>union: the written branch's value itself, without Avro's {@code {"type": value}} wrapper;
 *   <li>logical types as the value their Iceberg column would hold: decimal as a JSON number in
 *       plain notation; uuid as its canonical string; date, time-*, timestamp-* and
 *       local-timestamp-* as ISO-8601 strings ({@code 2024-05-01}, {@code 13:45:30.123},
 *       {@code 2024-05-01T13:45:30.123Z}, {@code 2024-05-01T13:45:30.123}); timestamp-nanos and
 *       local-timestamp-nanos as integers of nanoseconds.
 * </ul>
 */
final class AvroJsonWriters {
  private final String where;
  private final Map<String, RecordJson> records = new HashMap<>();

  private AvroJsonWriters(String where) {
    this.where = where;
  }

  /** The writer of a schema's values; {@code where} names the column in error messages. */
  static AvroJsonWriter forSchema(Schema schema, String where) {
    return new AvroJsonWriters(where).writer(schema);
  }

  private AvroJsonWriter writer(Schema schema) {
    return switch (schema.getType()) {
      case NULL -> new NullJson(where);
      case RECORD -> record(schema);
      case ARRAY ->
        new ArrayJson(
            writer(schema.getElementType()),
            ElementSize.ofArrayElement(schema.getElementType()),
            where);
      case MAP ->
        new MapJson(
            writer(schema.getValueType()), ElementSize.ofMapEntry(schema.getValueType()), where);
      case UNION -> {
        List<AvroJsonWriter> branches = new ArrayList<>();
        for (Schema branch : schema.getTypes()) {
          branches.add(writer(branch));
        }
        yield new UnionJson(branches, where);
      }
      default -> leaf(schema, AvroLeaf.of(schema));
    };
  }

  private AvroJsonWriter record(Schema schema) {
    RecordJson known = records.get(schema.getFullName());
    if (known != null) {
      return known;
    }
    RecordJson record = new RecordJson(where);
    records.put(schema.getFullName(), record);
    List<String> names = new ArrayList<>();
    List<AvroJsonWriter> fields = new ArrayList<>();
    for (Schema.Field field : schema.getFields()) {
      names.add(field.name());
      fields.add(writer(field.schema()));
    }
    record.setFields(names, fields);
    return record;
  }

  private AvroJsonWriter leaf(Schema schema, AvroLeaf leaf) {
    return switch (leaf) {
      case BOOLEAN -> new BooleanJson(where);
      case INT -> new IntJson(where);
      case LONG, TIMESTAMP_NANOS, LOCAL_TIMESTAMP_NANOS -> new LongJson(where);
      case FLOAT -> new FloatingJson(false, where);
      case DOUBLE -> new FloatingJson(true, where);
      case STRING -> new StringJson(where);
      case BYTES -> new BytesJson(-1, where);
      case FIXED, DURATION -> new BytesJson(schema.getFixedSize(), where);
      case ENUM -> new EnumJson(schema.getEnumSymbols(), where);
      case DECIMAL, WIDE_DECIMAL -> {
        LogicalTypes.Decimal decimal = (LogicalTypes.Decimal) schema.getLogicalType();
        int fixedSize = schema.getType() == Schema.Type.FIXED ? schema.getFixedSize() : -1;
        yield new DecimalJson(fixedSize, decimal.getPrecision(), decimal.getScale(), where);
      }
      case UUID_STRING -> new UuidJson(false, where);
      case UUID_FIXED -> new UuidJson(true, where);
      case DATE -> new TemporalJson(new DateDecoder(where), DateTimeFormatter.ISO_LOCAL_DATE);
      case TIME_MILLIS ->
        new TemporalJson(new TimeMillisDecoder(where), DateTimeFormatter.ISO_LOCAL_TIME);
      case TIME_MICROS ->
        new TemporalJson(new TimeMicrosDecoder(where), DateTimeFormatter.ISO_LOCAL_TIME);
      case TIMESTAMP_MILLIS ->
        new TemporalJson(new InstantDecoder(true, where), DateTimeFormatter.ISO_OFFSET_DATE_TIME);
      case TIMESTAMP_MICROS ->
        new TemporalJson(new InstantDecoder(false, where), DateTimeFormatter.ISO_OFFSET_DATE_TIME);
      case LOCAL_TIMESTAMP_MILLIS ->
        new TemporalJson(
            new LocalDateTimeDecoder(true, where), DateTimeFormatter.ISO_LOCAL_DATE_TIME);
      case LOCAL_TIMESTAMP_MICROS ->
        new TemporalJson(
            new LocalDateTimeDecoder(false, where), DateTimeFormatter.ISO_LOCAL_DATE_TIME);
    };
  }
}
