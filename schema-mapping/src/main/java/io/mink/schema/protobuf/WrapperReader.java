package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;

/** Reads a wrapper message such as google.protobuf.Int64Value as the scalar it wraps in field 1. */
final class WrapperReader implements ValueReader {
  private final ScalarReader wrapped;
  private final int valueTag;

  WrapperReader(ScalarReader wrapped) {
    this.wrapped = wrapped;
    this.valueTag = 1 << 3 | wrapped.wireType();
  }

  @Override
  public int wireType() {
    return ProtoInput.LEN;
  }

  @Override
  public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
    int length = in.readLength(field);
    in.checkDepth(depth + 1);
    int outerLimit = in.enter(length);
    Object value = wrapped.defaultValue();
    while (in.hasRemaining()) {
      int tag = in.readTag();
      if (tag == valueTag) {
        value = wrapped.read(in, field, depth + 1);
      } else {
        in.skipField(tag, depth + 1);
      }
    }
    in.exit(outerLimit);
    return value;
  }

  @Override
  public Object defaultValue() {
    return wrapped.defaultValue();
  }
}
