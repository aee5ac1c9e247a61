package io.mink.schema.avro;

import io.mink.schema.avro.CollectionDecoders.ListDecoder;
import io.mink.schema.avro.CollectionDecoders.MapDecoder;
import io.mink.schema.avro.PrimitiveDecoders.BooleanDecoder;
import io.mink.schema.avro.PrimitiveDecoders.BytesDecoder;
import io.mink.schema.avro.PrimitiveDecoders.DoubleDecoder;
import io.mink.schema.avro.PrimitiveDecoders.EnumDecoder;
import io.mink.schema.avro.PrimitiveDecoders.FixedDecoder;
import io.mink.schema.avro.PrimitiveDecoders.FloatDecoder;
import io.mink.schema.avro.PrimitiveDecoders.IntDecoder;
import io.mink.schema.avro.PrimitiveDecoders.LongDecoder;
import io.mink.schema.avro.PrimitiveDecoders.NullDecoder;
import io.mink.schema.avro.PrimitiveDecoders.StringDecoder;
import io.mink.schema.avro.TemporalDecoders.DateDecoder;
import io.mink.schema.avro.TemporalDecoders.InstantDecoder;
import io.mink.schema.avro.TemporalDecoders.LocalDateTimeDecoder;
import io.mink.schema.avro.TemporalDecoders.TimeMicrosDecoder;
import io.mink.schema.avro.TemporalDecoders.TimeMillisDecoder;
import io.mink.schema.avro.TemporalDecoders.TimeOfDayMicrosDecoder;
import io.mink.schema.avro.TemporalDecoders.TimeOfDayTextDecoder;
import io.mink.schema.avro.UuidDecoders.FixedUuidDecoder;
import io.mink.schema.avro.UuidDecoders.StringUuidDecoder;
import io.mink.schema.decode.UnreadableSchemaException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.iceberg.types.Type;

/**
 * Builds the decoder tree of an Avro schema, walking the schema's Iceberg type alongside it so
 * that each record decoder makes records of the exact struct {@link AvroToIcebergType} gave.
 */
final class AvroDecoderBuilder extends AvroSchemaVisitor<ValueDecoder> {
  private final Deque<Type> partners = new ArrayDeque<>();

  private AvroDecoderBuilder(Type type) {
    partners.push(type);
  }

  static ValueDecoder build(Schema schema, Type type) throws UnreadableSchemaException {
    return visit(schema, new AvroDecoderBuilder(type));
  }

  @Override
  void beforeField(int position, Schema.Field field) {
    partners.push(partners.getFirst().asStructType().fields().get(position).type());
  }

  @Override
  void afterField(int position, Schema.Field field) {
    partners.pop();
  }

  @Override
  void beforeElement(Schema array) {
    partners.push(partners.getFirst().asListType().elementType());
  }

  @Override
  void afterElement(Schema array) {
    partners.pop();
  }

  @Override
  void beforeMapValue(Schema map) {
    partners.push(partners.getFirst().asMapType().valueType());
  }

  @Override
  void afterMapValue(Schema map) {
    partners.pop();
  }

  @Override
  ValueDecoder record(Schema record, List<ValueDecoder> fields) {
    return new RecordDecoder(partners.getFirst().asStructType(), fields);
  }

  @Override
  ValueDecoder option(Schema union, ValueDecoder value) {
    int nullIndex = -1;
    for (int index = 0; index < union.getTypes().size(); index++) {
      if (union.getTypes().get(index).getType() == Schema.Type.NULL) {
        nullIndex = index;
      }
    }
    return new OptionDecoder(union.getTypes().size(), nullIndex, value, where());
  }

  @Override
  ValueDecoder nullValue(Schema schema) {
    return new NullDecoder(schema.getType() == Schema.Type.UNION, where());
  }

  @Override
  ValueDecoder array(Schema array, ValueDecoder element) {
    return new ListDecoder(element, ElementSize.ofArrayElement(array.getElementType()), where());
  }

  @Override
  ValueDecoder map(Schema map, ValueDecoder value) {
    return new MapDecoder(value, ElementSize.ofMapEntry(map.getValueType()), where());
  }

  @Override
  ValueDecoder json(Schema schema) {
    return new JsonColumnDecoder(AvroJsonWriters.forSchema(schema, where()));
  }

  @Override
  ValueDecoder leaf(Schema schema, AvroLeaf leaf) {
    String where = where();
    return switch (leaf) {
      case BOOLEAN -> new BooleanDecoder(where);
      case INT -> new IntDecoder(where);
      case LONG, TIMESTAMP_NANOS, LOCAL_TIMESTAMP_NANOS -> new LongDecoder(where);
      case FLOAT -> new FloatDecoder(where);
      case DOUBLE -> new DoubleDecoder(where);
      case BYTES -> new BytesDecoder(where);
      case STRING -> new StringDecoder(where);
      case ENUM -> new EnumDecoder(schema.getEnumSymbols(), where);
      case FIXED, DURATION -> new FixedDecoder(schema.getFixedSize(), where);
      case DECIMAL -> {
        LogicalTypes.Decimal decimal = (LogicalTypes.Decimal) schema.getLogicalType();
        int fixedSize = schema.getType() == Schema.Type.FIXED ? schema.getFixedSize() : -1;
        yield new DecimalDecoder(fixedSize, decimal.getPrecision(), decimal.getScale(), where);
      }
      case WIDE_DECIMAL -> json(schema);
      case UUID_STRING -> new StringUuidDecoder(where);
      case UUID_FIXED -> new FixedUuidDecoder(where);
      case DATE -> new DateDecoder(where);
      case TIME_MILLIS, TIME_MICROS -> timeOfDay(leaf == AvroLeaf.TIME_MILLIS, where);
      case TIMESTAMP_MILLIS -> new InstantDecoder(true, where);
      case TIMESTAMP_MICROS -> new InstantDecoder(false, where);
      case LOCAL_TIMESTAMP_MILLIS -> new LocalDateTimeDecoder(true, where);
      case LOCAL_TIMESTAMP_MICROS -> new LocalDateTimeDecoder(false, where);
    };
  }

  /** A time of day decoded into the column type the table's option chose: time, long or string. */
  private ValueDecoder timeOfDay(boolean millis, String where) {
    return switch (partners.getFirst().typeId()) {
      case LONG -> new TimeOfDayMicrosDecoder(millis, where);
      case STRING -> new TimeOfDayTextDecoder(millis, where);
      default -> millis ? new TimeMillisDecoder(where) : new TimeMicrosDecoder(where);
    };
  }
}
