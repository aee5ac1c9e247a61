package io.mink.cli.read;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Writes one value of an Arrow vector of a Mink batch as JSON: null as null; booleans, ints, longs and finite
 * floats and doubles as JSON numbers; NaN and the infinities as the strings {@code "NaN"}, {@code "Infinity"} and
 * {@code "-Infinity"}; strings as strings; structs as objects of their fields in schema order; lists as arrays;
 * maps as arrays of {@code {"key": ..., "value": ...}} objects, since JSON keys can only be strings; every other
 * type as a string of its {@link ValueText} (decimals, dates, times, timestamps, uuids, Base64 of binary and
 * fixed). Compiled once per column and schema; the vector comes with each call, so one compiled value serves
 * every batch.
 */
@FunctionalInterface
interface JsonValue {
  void write(JsonGenerator json, FieldVector vector, int index) throws IOException;

  static JsonValue compile(Type type) {
    JsonValue present = present(type);
    return (json, vector, index) -> {
      if (vector.isNull(index)) {
        json.writeNull();
      } else {
        present.write(json, vector, index);
      }
    };
  }

  private static JsonValue present(Type type) {
    return switch (type.typeId()) {
      case BOOLEAN -> (json, v, i) -> json.writeBoolean(((BitVector) v).get(i) != 0);
      case INTEGER -> (json, v, i) -> json.writeNumber(((IntVector) v).get(i));
      case LONG -> (json, v, i) -> json.writeNumber(((BigIntVector) v).get(i));
      case FLOAT -> (json, v, i) -> writeFloat(json, ((Float4Vector) v).get(i));
      case DOUBLE -> (json, v, i) -> writeDouble(json, ((Float8Vector) v).get(i));
      case STRING ->
        (json, v, i) -> {
          byte[] utf8 = ((VarCharVector) v).get(i);
          json.writeUTF8String(utf8, 0, utf8.length);
        };
      case STRUCT -> struct(type.asStructType());
      case LIST -> list(type.asListType());
      case MAP -> map(type.asMapType());
      default -> {
        ValueText text = ValueText.scalar(type);
        yield (json, v, i) -> json.writeString(text.text(v, i));
      }
    };
  }

  private static void writeFloat(JsonGenerator json, float value) throws IOException {
    if (Float.isFinite(value)) {
      json.writeNumber(value);
    } else {
      json.writeString(Float.toString(value));
    }
  }

  private static void writeDouble(JsonGenerator json, double value) throws IOException {
    if (Double.isFinite(value)) {
      json.writeNumber(value);
    } else {
      json.writeString(Double.toString(value));
    }
  }

  private static JsonValue struct(Types.StructType type) {
    List<Types.NestedField> fields = type.fields();
    SerializedString[] names = new SerializedString[fields.size()];
    JsonValue[] values = new JsonValue[fields.size()];
    for (int f = 0; f < fields.size(); f++) {
      names[f] = new SerializedString(fields.get(f).name());
      values[f] = compile(fields.get(f).type());
    }
    return (json, v, i) -> {
      StructVector struct = (StructVector) v;
      json.writeStartObject();
      for (int f = 0; f < values.length; f++) {
        json.writeFieldName(names[f]);
        values[f].write(json, (FieldVector) struct.getChildByOrdinal(f), i);
      }
      json.writeEndObject();
    };
  }

  private static JsonValue list(Types.ListType type) {
    JsonValue element = compile(type.elementType());
    return (json, v, i) -> {
      ListVector list = (ListVector) v;
      FieldVector elements = list.getDataVector();
      json.writeStartArray();
      for (int e = list.getElementStartIndex(i); e < list.getElementEndIndex(i); e++) {
        element.write(json, elements, e);
      }
      json.writeEndArray();
    };
  }

  private static JsonValue map(Types.MapType type) {
    JsonValue key = compile(type.keyType());
    JsonValue value = compile(type.valueType());
    SerializedString keyName = new SerializedString("key");
    SerializedString valueName = new SerializedString("value");
    return (json, v, i) -> {
      MapVector map = (MapVector) v;
      StructVector entries = (StructVector) map.getDataVector();
      FieldVector keys = (FieldVector) entries.getChildByOrdinal(0);
      FieldVector values = (FieldVector) entries.getChildByOrdinal(1);
      json.writeStartArray();
      for (int e = map.getElementStartIndex(i); e < map.getElementEndIndex(i); e++) {
        json.writeStartObject();
        json.writeFieldName(keyName);
        key.write(json, keys, e);
        json.writeFieldName(valueName);
        value.write(json, values, e);
        json.writeEndObject();
      }
      json.writeEndArray();
    };
  }
}
