package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;

/** Reads a value mapped to a string column holding its JSON. */
final class JsonColumnReader implements ValueReader {
  private final JsonValueReader reader;

  JsonColumnReader(JsonValueReader reader) {
    this.reader = reader;
  }

  @Override
  public int wireType() {
    return reader.wireType();
  }

  @Override
  public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
    JsonRope json = new JsonRope();
    return json.toString(reader.read(in, field, json, depth));
  }

  @Override
  public Object defaultValue() {
    return reader.defaultJson();
  }
}
