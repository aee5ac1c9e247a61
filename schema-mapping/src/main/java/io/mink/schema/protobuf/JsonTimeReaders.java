package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;

/** google.protobuf.Timestamp and Duration as proto3 JSON strings: "1972-01-01T10:00:20.021Z", "1.500s". */
final class JsonTimeReaders {
  static final JsonMessageBody TIMESTAMP = new JsonMessageBody() {
    @Override
    void appendBody(ProtoInput in, String field, StringBuilder out, int depth)
        throws UndecodableException {
      out.append('"')
          .append(ProtoTime.readBody(in, field, depth).toTimestampJson(field))
          .append('"');
    }
  };

  static final JsonMessageBody DURATION = new JsonMessageBody() {
    @Override
    void appendBody(ProtoInput in, String field, StringBuilder out, int depth)
        throws UndecodableException {
      out.append('"')
          .append(ProtoTime.readBody(in, field, depth).toDurationJson(field))
          .append('"');
    }
  };

  private JsonTimeReaders() {}
}
