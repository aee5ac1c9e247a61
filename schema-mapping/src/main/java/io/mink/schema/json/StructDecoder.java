package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.SerializedString;
import io.mink.schema.decode.UndecodableException;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * A JSON object with properties to an Iceberg struct, as a GenericRecord. Properties the schema
 * does not name are skipped; a property given twice, a missing required property or null for a
 * required field makes the object undecodable; null for an optional field is null. Each property
 * name is first matched, byte for byte, against the one the schema lists next, so objects written
 * in schema order need no lookup.
 */
final class StructDecoder extends ValueDecoder {
  private final Types.StructType struct;
  private final GenericRecord template;
  private final ValueDecoder[] fields;
  private final boolean[] optional;
  private final SerializedString[] names;
  private final Map<String, Integer> positions;
  private final long[] required;

  /**
   * @param present for each field, whether its property must be present ("required" lists it),
   *     which a field whose schema allows null must be although its Iceberg field is optional
   */
  StructDecoder(
      String subject, Types.StructType struct, List<ValueDecoder> fields, List<Boolean> present) {
    super(subject);
    this.struct = struct;
    this.template = GenericRecord.create(struct);
    this.fields = fields.toArray(new ValueDecoder[0]);
    this.optional = new boolean[this.fields.length];
    this.names = new SerializedString[this.fields.length];
    this.positions = new HashMap<>(this.fields.length * 2);
    this.required = new long[(this.fields.length + 63) / 64];
    for (int position = 0; position < this.fields.length; position++) {
      Types.NestedField field = struct.fields().get(position);
      optional[position] = field.isOptional();
      names[position] = new SerializedString(field.name());
      positions.put(field.name(), position);
      if (present.get(position)) {
        required[position >>> 6] |= 1L << position;
      }
    }
  }

  @Override
  Type type() {
    return struct;
  }

  @Override
  String expected() {
    return "an object";
  }

  /** The number of properties, in schema order. */
  int size() {
    return fields.length;
  }

  /** The decoder of the property at {@code position}. */
  ValueDecoder field(int position) {
    return fields[position];
  }

  /** The property's name. */
  String name(int position) {
    return struct.fields().get(position).name();
  }

  /** Whether the property's field takes null: JSON null, or the property missing when it is not required. */
  boolean isOptional(int position) {
    return optional[position];
  }

  /** Whether "required" lists the property, so that it must be present even when its field is optional. */
  boolean isRequired(int position) {
    return (required[position >>> 6] & (1L << position)) != 0;
  }

  @Override
  Object decode(JsonParser parser, JsonToken token) throws IOException, UndecodableException {
    if (token != JsonToken.START_OBJECT) {
      throw wrongType(parser, token);
    }
    GenericRecord record = template.copy();
    long[] seen = new long[required.length];
    int next = 0;
    while (true) {
      int position;
      if (next < names.length && parser.nextFieldName(names[next])) {
        position = next;
      } else {
        JsonToken current = next < names.length ? parser.currentToken() : parser.nextToken();
        if (current != JsonToken.FIELD_NAME) {
          break;
        }
        Integer found = positions.get(parser.currentName());
        if (found == null) {
          skipValue(parser);
          continue;
        }
        position = found;
      }
      next = position + 1;
      JsonToken value = parser.nextToken();
      if (value == null) {
        throw failure(parser, "ends inside the object");
      }
      ValueDecoder field = fields[position];
      long bit = 1L << position;
      if ((seen[position >>> 6] & bit) != 0) {
        throw field.failure(parser, "appears twice in the object");
      }
      seen[position >>> 6] |= bit;
      if (value == JsonToken.VALUE_NULL) {
        if (!optional[position]) {
          throw field.wrongType(parser, value);
        }
      } else {
        record.set(position, field.decode(parser, value));
      }
    }
    if (parser.currentToken() != JsonToken.END_OBJECT) {
      throw failure(parser, "ends inside the object");
    }
    checkRequired(parser, seen);
    return record;
  }

  private void skipValue(JsonParser parser) throws IOException, UndecodableException {
    if (parser.nextToken() == null) {
      throw failure(parser, "ends inside the object");
    }
    parser.skipChildren();
  }

  private void checkRequired(JsonParser parser, long[] seen) throws UndecodableException {
    for (int word = 0; word < required.length; word++) {
      long missing = required[word] & ~seen[word];
      if (missing != 0) {
        ValueDecoder field = fields[word * 64 + Long.numberOfTrailingZeros(missing)];
        JsonLocation at = parser.currentTokenLocation();
        throw new UndecodableException(
            field.subject() + " is required but missing from the object ending at line "
                + at.getLineNr() + ", column " + at.getColumnNr());
      }
    }
  }
}
