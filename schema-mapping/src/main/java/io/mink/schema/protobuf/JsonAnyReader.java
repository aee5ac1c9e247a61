package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;
import java.util.Base64;
import java.util.Map;

/**
 * A google.protobuf.Any as proto3 JSON: {"@type": url, ...the packed message's fields} when the
 * packed type is in the schema, {"@type": url, "value": ...} when it is a well-known type with a
 * JSON form of its own, and {"@type": url, "value": base64} when the schema does not know it.
 */
final class JsonAnyReader extends JsonMessageBody {
  private static final int TYPE_URL_TAG = 1 << 3 | ProtoInput.LEN;
  private static final int VALUE_TAG = 2 << 3 | ProtoInput.LEN;

  private final Map<String, JsonMessageBody> messagesByName;

  /** @param messagesByName every message of the schema by full name, filled before the first payload is read */
  JsonAnyReader(Map<String, JsonMessageBody> messagesByName) {
    this.messagesByName = messagesByName;
  }

  @Override
  int readBody(ProtoInput in, String field, JsonRope json, int depth) throws UndecodableException {
    String typeUrl = null;
    int valueStart = -1;
    int valueLength = 0;
    while (in.hasRemaining()) {
      int tag = in.readTag();
      if (tag == TYPE_URL_TAG) {
        typeUrl = in.readString(field);
      } else if (tag == VALUE_TAG) {
        valueLength = in.readLength(field);
        valueStart = in.position();
        in.reposition(valueStart + valueLength, in.limit());
      } else {
        in.skipField(tag, depth);
      }
    }
    if (typeUrl == null && valueStart < 0) {
      return json.literal("{}");
    }
    if (valueStart < 0) {
      valueStart = in.position();
    }
    String url = typeUrl == null ? "" : typeUrl;
    int any = json.group();
    int start = json.mark();
    json.text().append("{\"@type\":");
    JsonText.appendString(json.text(), url);
    json.append(any, json.since(start));
    JsonMessageBody packed = messagesByName.get(url.substring(url.lastIndexOf('/') + 1));
    if (packed == null) {
      json.append(
          any,
          json.literal(",\"value\":\""
              + Base64.getEncoder().encodeToString(in.copy(valueStart, valueLength))
              + "\"}"));
      return any;
    }
    in.checkDepth(depth + 1);
    int position = in.position();
    int limit = in.limit();
    in.reposition(valueStart, valueStart + valueLength);
    if (packed instanceof JsonMessageReader message) {
      int members = message.readMembers(in, field, json, depth + 1);
      in.reposition(position, limit);
      if (!json.isEmptyGroup(members)) {
        json.append(any, json.literal(","));
        json.append(any, members);
      }
    } else {
      int value = packed.readBody(in, field, json, depth + 1);
      in.reposition(position, limit);
      json.append(any, json.literal(",\"value\":"));
      json.append(any, value);
    }
    json.append(any, json.literal("}"));
    return any;
  }
}
