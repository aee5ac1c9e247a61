package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A message as proto3 JSON: an object keyed by the fields' JSON names, in declaration order, with
 * the fields the payload leaves out (and proto3 scalars at their default) omitted.
 */
final class JsonMessageReader extends JsonMessageBody {
  private JsonField[] fields = new JsonField[0];
  private Map<Integer, Integer> indexByNumber = Map.of();

  /** Sets the fields once, after the reader is known by its type, so that recursive messages can refer to it. */
  void link(List<JsonField> linkedFields) {
    fields = linkedFields.toArray(JsonField[]::new);
    Map<Integer, Integer> indexes = new HashMap<>();
    for (int i = 0; i < fields.length; i++) {
      indexes.put(fields[i].number(), i);
    }
    indexByNumber = indexes;
  }

  @Override
  void appendBody(ProtoInput in, String field, StringBuilder out, int depth)
      throws UndecodableException {
    in.charge(fields.length);
    Object[] values = new Object[fields.length];
    while (in.hasRemaining()) {
      int tag = in.readTag();
      Integer index = indexByNumber.get(tag >>> 3);
      if (index == null || !readField(in, tag & 7, index, values, depth)) {
        in.skipField(tag, depth);
      }
    }
    write(values, out);
  }

  private boolean readField(ProtoInput in, int wireType, int index, Object[] values, int depth)
      throws UndecodableException {
    JsonField field = fields[index];
    JsonValueReader value = field.value();
    switch (field.presence()) {
      case MAP -> {
        if (wireType != ProtoInput.LEN) {
          return false;
        }
        readEntry(in, field, mapAt(values, index), depth);
      }
      case REPEATED -> {
        if (wireType == value.wireType()) {
          listAt(values, index).add(json(value, in, field.label(), depth));
        } else if (wireType == ProtoInput.LEN && value.isPackable()) {
          int outerLimit = in.enter(in.readLength(field.label()));
          List<String> list = listAt(values, index);
          while (in.hasRemaining()) {
            list.add(json(value, in, field.label(), depth));
          }
          in.exit(outerLimit);
        } else {
          return false;
        }
      }
      default -> {
        if (wireType != value.wireType()) {
          return false;
        }
        String json = json(value, in, field.label(), depth);
        for (int member : field.oneOfMembers()) {
          values[member] = null;
        }
        values[index] = json;
      }
    }
    return true;
  }

  private static void readEntry(ProtoInput in, JsonField field, Map<String, String> map, int depth)
      throws UndecodableException {
    int length = in.readLength(field.label());
    in.checkDepth(depth + 1);
    int outerLimit = in.enter(length);
    String key = null;
    String value = null;
    while (in.hasRemaining()) {
      int tag = in.readTag();
      if (tag == (1 << 3 | field.key().wireType())) {
        key = json(field.key(), in, field.label(), depth + 1);
      } else if (tag == (2 << 3 | field.value().wireType())) {
        value = json(field.value(), in, field.label(), depth + 1);
      } else {
        in.skipField(tag, depth + 1);
      }
    }
    in.exit(outerLimit);
    String keyJson = key != null ? key : field.key().defaultJson();
    map.put(
        keyJson.startsWith("\"") ? keyJson : '"' + keyJson + '"',
        value != null ? value : field.value().defaultJson());
  }

  @SuppressWarnings("unchecked")
  private void write(Object[] values, StringBuilder out) {
    out.append('{');
    boolean first = true;
    for (int i = 0; i < fields.length; i++) {
      Object value = values[i];
      JsonField field = fields[i];
      if (value == null || isOmitted(field, value)) {
        continue;
      }
      if (!first) {
        out.append(',');
      }
      first = false;
      out.append(field.quotedName()).append(':');
      if (value instanceof List<?> list) {
        out.append('[').append(String.join(",", (List<String>) list)).append(']');
      } else if (value instanceof Map<?, ?> map) {
        out.append('{');
        String separator = "";
        for (Map.Entry<?, ?> entry : map.entrySet()) {
          out.append(separator).append(entry.getKey()).append(':').append(entry.getValue());
          separator = ",";
        }
        out.append('}');
      } else {
        out.append((String) value);
      }
    }
    out.append('}');
  }

  private static boolean isOmitted(JsonField field, Object value) {
    return switch (field.presence()) {
      case IMPLICIT -> value.equals(field.value().defaultJson());
      case REPEATED, MAP ->
        value instanceof List<?> list ? list.isEmpty() : ((Map<?, ?>) value).isEmpty();
      default -> false;
    };
  }

  static String json(JsonValueReader reader, ProtoInput in, String field, int depth)
      throws UndecodableException {
    StringBuilder out = new StringBuilder();
    reader.append(in, field, out, depth);
    return out.toString();
  }

  @SuppressWarnings("unchecked")
  private static List<String> listAt(Object[] values, int index) {
    if (values[index] == null) {
      values[index] = new ArrayList<String>();
    }
    return (List<String>) values[index];
  }

  @SuppressWarnings("unchecked")
  private static Map<String, String> mapAt(Object[] values, int index) {
    if (values[index] == null) {
      values[index] = new LinkedHashMap<String, String>();
    }
    return (Map<String, String>) values[index];
  }
}
