package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;

/** An enum as proto3 JSON: its value's name quoted, an unknown number as the number, NullValue as null. */
final class JsonEnumReader implements JsonValueReader {
  private final EnumReader names;
  private final boolean isNullValue;

  JsonEnumReader(EnumReader names, boolean isNullValue) {
    this.names = names;
    this.isNullValue = isNullValue;
  }

  @Override
  public int wireType() {
    return ProtoInput.VARINT;
  }

  @Override
  public int read(ProtoInput in, String field, JsonRope json, int depth)
      throws UndecodableException {
    int number = (int) in.readVarint(field);
    String name = names.nameOf(number);
    int start = json.mark();
    StringBuilder out = json.text();
    if (isNullValue) {
      out.append("null");
    } else if (name == null) {
      out.append(number);
    } else {
      JsonText.appendString(out, name);
    }
    return json.since(start);
  }

  @Override
  public String defaultJson() {
    if (isNullValue) {
      return "null";
    }
    StringBuilder out = new StringBuilder();
    JsonText.appendString(out, (String) names.defaultValue());
    return out.toString();
  }
}
