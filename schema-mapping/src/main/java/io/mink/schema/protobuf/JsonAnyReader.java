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
  void appendBody(ProtoInput in, String field, StringBuilder out, int depth)
      throws UndecodableException {
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
      out.append("{}");
      return;
    }
    if (valueStart < 0) {
      valueStart = in.position();
    }
    String url = typeUrl == null ? "" : typeUrl;
    out.append("{\"@type\":");
    JsonText.appendString(out, url);
    JsonMessageBody packed = messagesByName.get(url.substring(url.lastIndexOf('/') + 1));
    if (packed == null) {
      out.append(",\"value\":\"")
          .append(Base64.getEncoder().encodeToString(in.copy(valueStart, valueLength)))
          .append("\"}");
      return;
    }
    in.checkDepth(depth + 1);
    StringBuilder packedJson = new StringBuilder();
    int position = in.position();
    int limit = in.limit();
    in.reposition(valueStart, valueStart + valueLength);
    packed.appendBody(in, field, packedJson, depth + 1);
    in.reposition(position, limit);
    if (packed instanceof JsonMessageReader) {
      if (packedJson.length() > 2) {
        out.append(',').append(packedJson, 1, packedJson.length() - 1);
      }
      out.append('}');
    } else {
      out.append(",\"value\":").append(packedJson).append('}');
    }
  }
}
