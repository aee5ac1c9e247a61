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
  int readBody(ProtoInput in, String field, JsonRope json, int depth) throws UndecodableException {
    int value = JsonRope.NO_PART;
    while (in.hasRemaining()) {
      int tag = in.readTag();
      if (tag == valueTag) {
        value = wrapped.read(in, field, json, depth);
      } else {
        in.skipField(tag, depth);
      }
    }
    return value != JsonRope.NO_PART ? value : json.literal(wrapped.defaultJson());
  }
}
