package io.mink.cli.query;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.math.BigInteger;
import java.util.List;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Writes one value of an Arrow vector of a statement's result as JSON: null as null; booleans, integers and finite
 * floating point as JSON numbers; NaN and the infinities as the strings {@code "NaN"}, {@code "Infinity"} and
 * {@code "-Infinity"}; strings as strings; structs as objects of their fields in order; lists as arrays; maps as
 * arrays of {@code {"key": ..., "value": ...}} objects, since JSON keys can only be strings; every other type as a
 * string of its {@link ArrowCellText} (decimals keep their digits that way). Compiled once per field.
 */
@FunctionalInterface
interface ArrowJsonValue {
  void write(JsonGenerator json, FieldVector vector, int index) throws IOException;

  static ArrowJsonValue compile(Field field) {
    ArrowJsonValue present = present(field);
    return (json, vector, index) -> {
      if (vector.isNull(index)) {
        json.writeNull();
      } else {
        present.write(json, vector, index);
      }
    };
  }

  private static ArrowJsonValue present(Field field) {
    ArrowType type = field.getType();
    return switch (type.getTypeID()) {
      case Null -> (json, v, i) -> json.writeNull();
      case Bool -> (json, v, i) -> json.writeBoolean(((BitVector) v).get(i) != 0);
      case Int -> integer((ArrowType.Int) type);
      case FloatingPoint ->
        (json, v, i) -> writeDouble(json, ((FloatingPointVector) v).getValueAsDouble(i));
      case Utf8, LargeUtf8, Utf8View ->
        (json, v, i) -> json.writeString(v.getObject(i).toString());
      case Struct -> struct(field);
      case Map -> map(field);
      case List, LargeList, FixedSizeList -> list(field);
      default -> {
        ArrowCellText text = ArrowCellText.scalar(field);
        yield (json, v, i) -> json.writeString(text.text(v, i));
      }
    };
  }

  private static ArrowJsonValue integer(ArrowType.Int type) {
    if (!type.getIsSigned() && type.getBitWidth() == 64) {
      return (json, v, i) -> json.writeNumber(
          new BigInteger(Long.toUnsignedString(((BaseIntVector) v).getValueAsLong(i))));
    }
    return (json, v, i) -> json.writeNumber(ArrowCellText.integerValue(type, v, i));
  }

  private static void writeDouble(JsonGenerator json, double value) throws IOException {
    if (Double.isFinite(value)) {
      json.writeNumber(value);
    } else {
      json.writeString(Double.toString(value));
    }
  }

  private static ArrowJsonValue struct(Field field) {
    List<Field> children = field.getChildren();
    SerializedString[] names = new SerializedString[children.size()];
    ArrowJsonValue[] values = new ArrowJsonValue[children.size()];
    for (int f = 0; f < children.size(); f++) {
      names[f] = new SerializedString(children.get(f).getName());
      values[f] = compile(children.get(f));
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

  private static ArrowJsonValue list(Field field) {
    ArrowJsonValue element = compile(field.getChildren().get(0));
    return (json, v, i) -> {
      json.writeStartArray();
      if (v instanceof LargeListVector large) {
        FieldVector elements = large.getDataVector();
        for (long e = large.getElementStartIndex(i); e < large.getElementEndIndex(i); e++) {
          element.write(json, elements, Math.toIntExact(e));
        }
      } else if (v instanceof FixedSizeListVector fixed) {
        FieldVector elements = fixed.getDataVector();
        for (int e = i * fixed.getListSize(); e < (i + 1) * fixed.getListSize(); e++) {
          element.write(json, elements, e);
        }
      } else {
        ListVector list = (ListVector) v;
        for (int e = list.getElementStartIndex(i); e < list.getElementEndIndex(i); e++) {
          element.write(json, list.getDataVector(), e);
        }
      }
      json.writeEndArray();
    };
  }

  private static ArrowJsonValue map(Field field) {
    Field entries = field.getChildren().get(0);
    ArrowJsonValue key = compile(entries.getChildren().get(0));
    ArrowJsonValue value = compile(entries.getChildren().get(1));
    SerializedString keyName = new SerializedString("key");
    SerializedString valueName = new SerializedString("value");
    return (json, v, i) -> {
      MapVector map = (MapVector) v;
      StructVector pairs = (StructVector) map.getDataVector();
      FieldVector keys = (FieldVector) pairs.getChildByOrdinal(0);
      FieldVector values = (FieldVector) pairs.getChildByOrdinal(1);
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
