package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;

/** A wrapper such as google.protobuf.Int64Value as the JSON of the scalar it wraps. */
final class JsonWrapperReader extends JsonMessageBody {
  private final JsonScalarReader wrapped;
  private final int valueTag;

  JsonWrapperReader(ScalarReader wrapped) {
    this.wrapped = new JsonScalarReader(wrapped);
    this.valueTag = 1 << 3 | wrapped.wireType();
  }

  @Override
  void appendBody(ProtoInput in, String field, StringBuilder out, int depth)
      throws UndecodableException {
    String json = wrapped.defaultJson();
    while (in.hasRemaining()) {
      int tag = in.readTag();
      if (tag == valueTag) {
        json = JsonMessageReader.json(wrapped, in, field, depth);
      } else {
        in.skipField(tag, depth);
      }
    }
    out.append(json);
  }
}
