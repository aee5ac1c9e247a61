package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;

/** A google.protobuf.FieldMask as proto3 JSON: its paths in lowerCamelCase, joined by commas. */
final class JsonFieldMaskReader extends JsonMessageBody {
  static final JsonFieldMaskReader INSTANCE = new JsonFieldMaskReader();

  private static final int PATHS_TAG = 1 << 3 | ProtoInput.LEN;

  private JsonFieldMaskReader() {}

  @Override
  int readBody(ProtoInput in, String field, JsonRope json, int depth) throws UndecodableException {
    StringBuilder paths = new StringBuilder();
    while (in.hasRemaining()) {
      int tag = in.readTag();
      if (tag == PATHS_TAG) {
        if (!paths.isEmpty()) {
          paths.append(',');
        }
        appendLowerCamel(paths, in.readString(field));
      } else {
        in.skipField(tag, depth);
      }
    }
    int start = json.mark();
    JsonText.appendString(json.text(), paths.toString());
    return json.since(start);
  }

  private static void appendLowerCamel(StringBuilder out, String path) {
    boolean upperNext = false;
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      if (c == '_' && i + 1 < path.length() && Character.isLowerCase(path.charAt(i + 1))) {
        upperNext = true;
      } else {
        out.append(upperNext ? Character.toUpperCase(c) : c);
        upperNext = false;
      }
    }
  }
}
