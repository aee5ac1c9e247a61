package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;
import java.util.Map;

/** Reads one map entry: a message with the key in field 1 and the value in field 2, each defaulted when left out. */
final class MapEntryReader implements ValueReader {
  private final ValueReader key;
  private final ValueReader value;
  private final int keyTag;
  private final int valueTag;
  private final int defaultValueWidth;

  MapEntryReader(ValueReader key, ValueReader value) {
    this.key = key;
    this.value = value;
    this.keyTag = 1 << 3 | key.wireType();
    this.valueTag = 2 << 3 | value.wireType();
    this.defaultValueWidth = value instanceof StructReader struct ? struct.width() : 0;
  }

  @Override
  public int wireType() {
    return ProtoInput.LEN;
  }

  @Override
  public Map.Entry<Object, Object> read(ProtoInput in, String field, int depth)
      throws UndecodableException {
    int length = in.readLength(field);
    in.checkDepth(depth + 1);
    int outerLimit = in.enter(length);
    Object readKey = null;
    Object readValue = null;
    while (in.hasRemaining()) {
      int tag = in.readTag();
      if (tag == keyTag) {
        readKey = key.read(in, field, depth + 1);
      } else if (tag == valueTag) {
        readValue = value.read(in, field, depth + 1);
      } else {
        in.skipField(tag, depth + 1);
      }
    }
    in.exit(outerLimit);
    if (readValue == null) {
      in.charge(defaultValueWidth);
      readValue = value.defaultValue();
    }
    return Map.entry(readKey != null ? readKey : key.defaultValue(), readValue);
  }

  @Override
  public Object defaultValue() {
    throw new UnsupportedOperationException(
        "A map entry is never left out: a map without entries is empty");
  }
}
