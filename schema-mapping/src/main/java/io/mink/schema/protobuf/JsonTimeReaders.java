package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;

/** google.protobuf.Timestamp and Duration as proto3 JSON strings: "1972-01-01T10:00:20.021Z", "1.500s". */
final class JsonTimeReaders {
  static final JsonMessageBody TIMESTAMP = new JsonMessageBody() {
    @Override
    int readBody(ProtoInput in, String field, JsonRope json, int depth)
        throws UndecodableException {
      String text = ProtoTime.readBody(in, field, depth).toTimestampJson(field);
      return json.literal('"' + text + '"');
    }
  };

  static final JsonMessageBody DURATION = new JsonMessageBody() {
    @Override
    int readBody(ProtoInput in, String field, JsonRope json, int depth)
        throws UndecodableException {
      String text = ProtoTime.readBody(in, field, depth).toDurationJson(field);
      return json.literal('"' + text + '"');
    }
  };

  private JsonTimeReaders() {}
}
