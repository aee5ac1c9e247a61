package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * google.protobuf.Struct, Value and ListValue as the JSON they stand for: an object, any JSON
 * value, an array.
 */
final class JsonStructReaders {
  static final JsonMessageBody STRUCT = new StructBody();
  static final JsonMessageBody VALUE = new ValueBody();
  static final JsonMessageBody LIST_VALUE = new ListValueBody();

  private static final int FIELDS_TAG = 1 << 3 | ProtoInput.LEN;
  private static final int KEY_TAG = 1 << 3 | ProtoInput.LEN;
  private static final int VALUE_TAG = 2 << 3 | ProtoInput.LEN;
  private static final int VALUES_TAG = 1 << 3 | ProtoInput.LEN;
  private static final int NULL_TAG = 1 << 3 | ProtoInput.VARINT;
  private static final int NUMBER_TAG = 2 << 3 | ProtoInput.I64;
  private static final int STRING_TAG = 3 << 3 | ProtoInput.LEN;
  private static final int BOOL_TAG = 4 << 3 | ProtoInput.VARINT;
  private static final int STRUCT_TAG = 5 << 3 | ProtoInput.LEN;
  private static final int LIST_TAG = 6 << 3 | ProtoInput.LEN;

  private JsonStructReaders() {}

  private static final class StructBody extends JsonMessageBody {
    @Override
    int readBody(ProtoInput in, String field, JsonRope json, int depth)
        throws UndecodableException {
      Map<String, Integer> fields = new LinkedHashMap<>();
      while (in.hasRemaining()) {
        int tag = in.readTag();
        if (tag == FIELDS_TAG) {
          readEntry(in, field, json, fields, depth);
        } else {
          in.skipField(tag, depth);
        }
      }
      int object = json.group();
      char separator = '{';
      for (Map.Entry<String, Integer> entry : fields.entrySet()) {
        int start = json.mark();
        json.text().append(separator);
        JsonText.appendString(json.text(), entry.getKey());
        json.text().append(':');
        json.append(object, json.since(start));
        json.append(object, entry.getValue());
        separator = ',';
      }
      json.append(object, json.literal(fields.isEmpty() ? "{}" : "}"));
      return object;
    }

    private static void readEntry(
        ProtoInput in, String field, JsonRope json, Map<String, Integer> fields, int depth)
        throws UndecodableException {
      int length = in.readLength(field);
      in.checkDepth(depth + 1);
      int outerLimit = in.enter(length);
      String key = "";
      int value = JsonRope.NO_PART;
      while (in.hasRemaining()) {
        int tag = in.readTag();
        if (tag == KEY_TAG) {
          key = in.readString(field);
        } else if (tag == VALUE_TAG) {
          value = VALUE.read(in, field, json, depth + 1);
        } else {
          in.skipField(tag, depth + 1);
        }
      }
      in.exit(outerLimit);
      fields.put(key, value != JsonRope.NO_PART ? value : json.literal("null"));
    }
  }

  private static final class ValueBody extends JsonMessageBody {
    @Override
    int readBody(ProtoInput in, String field, JsonRope json, int depth)
        throws UndecodableException {
      int value = JsonRope.NO_PART;
      while (in.hasRemaining()) {
        int tag = in.readTag();
        switch (tag) {
          case NULL_TAG -> {
            in.readVarint(field);
            value = JsonRope.NO_PART;
          }
          case NUMBER_TAG -> value = scalar(ScalarReader.DOUBLE, in, field, json, depth);
          case STRING_TAG -> value = scalar(ScalarReader.STRING, in, field, json, depth);
          case BOOL_TAG -> value = scalar(ScalarReader.BOOL, in, field, json, depth);
          case STRUCT_TAG -> value = STRUCT.read(in, field, json, depth);
          case LIST_TAG -> value = LIST_VALUE.read(in, field, json, depth);
          default -> in.skipField(tag, depth);
        }
      }
      return value != JsonRope.NO_PART ? value : json.literal("null");
    }

    private static int scalar(
        ScalarReader scalar, ProtoInput in, String field, JsonRope json, int depth)
        throws UndecodableException {
      Object value = scalar.read(in, field, depth);
      int start = json.mark();
      JsonText.appendScalar(json.text(), scalar, value);
      return json.since(start);
    }
  }

  private static final class ListValueBody extends JsonMessageBody {
    @Override
    int readBody(ProtoInput in, String field, JsonRope json, int depth)
        throws UndecodableException {
      int array = json.group();
      String separator = "[";
      while (in.hasRemaining()) {
        int tag = in.readTag();
        if (tag == VALUES_TAG) {
          json.append(array, json.literal(separator));
          json.append(array, VALUE.read(in, field, json, depth));
          separator = ",";
        } else {
          in.skipField(tag, depth);
        }
      }
      json.append(array, json.literal(json.isEmptyGroup(array) ? "[]" : "]"));
      return array;
    }
  }
}
