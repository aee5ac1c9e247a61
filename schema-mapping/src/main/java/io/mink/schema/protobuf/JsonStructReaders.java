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
    void appendBody(ProtoInput in, String field, StringBuilder out, int depth)
        throws UndecodableException {
      Map<String, String> fields = new LinkedHashMap<>();
      while (in.hasRemaining()) {
        int tag = in.readTag();
        if (tag == FIELDS_TAG) {
          readEntry(in, field, fields, depth);
        } else {
          in.skipField(tag, depth);
        }
      }
      out.append('{');
      String separator = "";
      for (Map.Entry<String, String> entry : fields.entrySet()) {
        out.append(separator);
        JsonText.appendString(out, entry.getKey());
        out.append(':').append(entry.getValue());
        separator = ",";
      }
      out.append('}');
    }

    private static void readEntry(
        ProtoInput in, String field, Map<String, String> fields, int depth)
        throws UndecodableException {
      int length = in.readLength(field);
      in.checkDepth(depth + 1);
      int outerLimit = in.enter(length);
      String key = "";
      String value = "null";
      while (in.hasRemaining()) {
        int tag = in.readTag();
        if (tag == KEY_TAG) {
          key = in.readString(field);
        } else if (tag == VALUE_TAG) {
          value = JsonMessageReader.json(VALUE, in, field, depth + 1);
        } else {
          in.skipField(tag, depth + 1);
        }
      }
      in.exit(outerLimit);
      fields.put(key, value);
    }
  }

  private static final class ValueBody extends JsonMessageBody {
    @Override
    void appendBody(ProtoInput in, String field, StringBuilder out, int depth)
        throws UndecodableException {
      String json = "null";
      while (in.hasRemaining()) {
        int tag = in.readTag();
        switch (tag) {
          case NULL_TAG -> {
            in.readVarint(field);
            json = "null";
          }
          case NUMBER_TAG -> json = scalar(ScalarReader.DOUBLE, in, field, depth);
          case STRING_TAG -> json = scalar(ScalarReader.STRING, in, field, depth);
          case BOOL_TAG -> json = scalar(ScalarReader.BOOL, in, field, depth);
          case STRUCT_TAG -> json = JsonMessageReader.json(STRUCT, in, field, depth);
          case LIST_TAG -> json = JsonMessageReader.json(LIST_VALUE, in, field, depth);
          default -> in.skipField(tag, depth);
        }
      }
      out.append(json);
    }

    private static String scalar(ScalarReader scalar, ProtoInput in, String field, int depth)
        throws UndecodableException {
      StringBuilder out = new StringBuilder();
      JsonText.appendScalar(out, scalar, scalar.read(in, field, depth));
      return out.toString();
    }
  }

  private static final class ListValueBody extends JsonMessageBody {
    @Override
    void appendBody(ProtoInput in, String field, StringBuilder out, int depth)
        throws UndecodableException {
      out.append('[');
      String separator = "";
      while (in.hasRemaining()) {
        int tag = in.readTag();
        if (tag == VALUES_TAG) {
          out.append(separator);
          VALUE.append(in, field, out, depth);
          separator = ",";
        } else {
          in.skipField(tag, depth);
        }
      }
      out.append(']');
    }
  }
}
