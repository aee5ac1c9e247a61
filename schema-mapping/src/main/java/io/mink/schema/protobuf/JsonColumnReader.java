package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;

/** Reads a value mapped to a string column holding its JSON. */
final class JsonColumnReader implements ValueReader {
  private final JsonValueReader json;

  JsonColumnReader(JsonValueReader json) {
    this.json = json;
  }

  @Override
  public int wireType() {
    return json.wireType();
  }

  @Override
  public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
    StringBuilder out = new StringBuilder();
    json.append(in, field, out, depth);
    return out.toString();
  }

  @Override
  public Object defaultValue() {
    return json.defaultJson();
  }
}
