package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A message as proto3 JSON: an object keyed by the fields' JSON names, in declaration order, with
 * the fields the payload leaves out (and proto3 scalars at their default) omitted. Fields are read
 * in the order the payload holds them, each value once into the {@link JsonRope}, and put in
 * declaration order when the message ends.
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
  int readBody(ProtoInput in, String field, JsonRope json, int depth) throws UndecodableException {
    int members = readMembers(in, field, json, depth);
    if (json.isEmptyGroup(members)) {
      return json.literal("{}");
    }
    int object = json.group();
    json.append(object, json.literal("{"));
    json.append(object, members);
    json.append(object, json.literal("}"));
    return object;
  }

  /** Reads the message's fields up to the cursor's limit; returns the group of its members, without braces. */
  int readMembers(ProtoInput in, String field, JsonRope json, int depth)
      throws UndecodableException {
    in.charge(fields.length);
    MessageValues values = new MessageValues(fields.length);
    while (in.hasRemaining()) {
      int tag = in.readTag();
      Integer index = indexByNumber.get(tag >>> 3);
      if (index == null || !readField(in, tag & 7, index, json, values, depth)) {
        in.skipField(tag, depth);
      }
    }
    return write(values, json);
  }

  private boolean readField(
      ProtoInput in, int wireType, int index, JsonRope json, MessageValues values, int depth)
      throws UndecodableException {
    JsonField field = fields[index];
    JsonValueReader value = field.value();
    switch (field.presence()) {
      case MAP -> {
        if (wireType != ProtoInput.LEN) {
          return false;
        }
        readEntry(in, field, json, values.entries(index), depth);
      }
      case REPEATED -> {
        if (wireType == value.wireType()) {
          values.addElement(index, value.read(in, field.label(), json, depth), json);
        } else if (wireType == ProtoInput.LEN && value.isPackable()) {
          int outerLimit = in.enter(in.readLength(field.label()));
          values.startList(index, json);
          while (in.hasRemaining()) {
            values.addElement(index, value.read(in, field.label(), json, depth), json);
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
        int part = value.read(in, field.label(), json, depth);
        for (int member : field.oneOfMembers()) {
          values.parts[member] = JsonRope.NO_PART;
        }
        values.parts[index] = part;
      }
    }
    return true;
  }

  private static void readEntry(
      ProtoInput in, JsonField field, JsonRope json, Map<String, Integer> entries, int depth)
      throws UndecodableException {
    int length = in.readLength(field.label());
    in.checkDepth(depth + 1);
    int outerLimit = in.enter(length);
    int key = JsonRope.NO_PART;
    int value = JsonRope.NO_PART;
    while (in.hasRemaining()) {
      int tag = in.readTag();
      if (tag == (1 << 3 | field.key().wireType())) {
        key = field.key().read(in, field.label(), json, depth + 1);
      } else if (tag == (2 << 3 | field.value().wireType())) {
        value = field.value().read(in, field.label(), json, depth + 1);
      } else {
        in.skipField(tag, depth + 1);
      }
    }
    in.exit(outerLimit);
    String keyJson = key != JsonRope.NO_PART ? json.toString(key) : field.key().defaultJson();
    entries.put(
        keyJson.startsWith("\"") ? keyJson : '"' + keyJson + '"',
        value != JsonRope.NO_PART ? value : json.literal(field.value().defaultJson()));
  }

  private int write(MessageValues values, JsonRope json) {
    int members = json.group();
    for (int i = 0; i < fields.length; i++) {
      JsonField field = fields[i];
      if (isOmitted(field, values, i, json)) {
        continue;
      }
      int start = json.mark();
      if (!json.isEmptyGroup(members)) {
        json.text().append(',');
      }
      json.text().append(field.quotedName()).append(':');
      switch (field.presence()) {
        case REPEATED -> {
          json.text().append('[');
          json.append(members, json.since(start));
          json.append(members, values.parts[i]);
          json.append(members, json.literal("]"));
        }
        case MAP -> {
          json.text().append('{');
          json.append(members, json.since(start));
          appendEntries(values.entries(i), members, json);
          json.append(members, json.literal("}"));
        }
        default -> {
          json.append(members, json.since(start));
          json.append(members, values.parts[i]);
        }
      }
    }
    return members;
  }

  private static void appendEntries(Map<String, Integer> entries, int members, JsonRope json) {
    String separator = "";
    for (Map.Entry<String, Integer> entry : entries.entrySet()) {
      json.append(members, json.literal(separator + entry.getKey() + ':'));
      json.append(members, entry.getValue());
      separator = ",";
    }
  }

  private static boolean isOmitted(
      JsonField field, MessageValues values, int index, JsonRope json) {
    return switch (field.presence()) {
      case MAP -> values.hasNoEntries(index);
      case REPEATED ->
        values.parts[index] == JsonRope.NO_PART || json.isEmptyGroup(values.parts[index]);
      case IMPLICIT ->
        values.parts[index] == JsonRope.NO_PART
            || json.hasJson(values.parts[index], field.value().defaultJson());
      default -> values.parts[index] == JsonRope.NO_PART;
    };
  }

  /**
   * The values of one message read so far, by field index: a singular field's part, a repeated
   * field's group of elements and commas, a map field's values by their JSON keys.
   */
  private static final class MessageValues {
    final int[] parts;
    private Map<Integer, Map<String, Integer>> entriesByIndex;

    MessageValues(int fieldCount) {
      parts = new int[fieldCount];
      Arrays.fill(parts, JsonRope.NO_PART);
    }

    void startList(int index, JsonRope json) {
      if (parts[index] == JsonRope.NO_PART) {
        parts[index] = json.group();
      }
    }

    void addElement(int index, int element, JsonRope json) {
      startList(index, json);
      if (!json.isEmptyGroup(parts[index])) {
        json.append(parts[index], json.literal(","));
      }
      json.append(parts[index], element);
    }

    Map<String, Integer> entries(int index) {
      if (entriesByIndex == null) {
        entriesByIndex = new HashMap<>();
      }
      return entriesByIndex.computeIfAbsent(index, i -> new LinkedHashMap<>());
    }

    boolean hasNoEntries(int index) {
      return entriesByIndex == null
          || entriesByIndex.getOrDefault(index, Map.of()).isEmpty();
    }
  }
}
