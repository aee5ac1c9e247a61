package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;

/** A scalar as proto3 JSON: 64-bit integers quoted, bytes in base64, NaN and infinities quoted. */
final class JsonScalarReader implements JsonValueReader {
  private final ScalarReader scalar;
  private final String defaultJson;

  JsonScalarReader(ScalarReader scalar) {
    this.scalar = scalar;
    StringBuilder out = new StringBuilder();
    JsonText.appendScalar(out, scalar, scalar.defaultValue());
    this.defaultJson = out.toString();
  }

  @Override
  public int wireType() {
    return scalar.wireType();
  }

  @Override
  public int read(ProtoInput in, String field, JsonRope json, int depth)
      throws UndecodableException {
    Object value = scalar.read(in, field, depth);
    int start = json.mark();
    JsonText.appendScalar(json.text(), scalar, value);
    return json.since(start);
  }

  @Override
  public String defaultJson() {
    return defaultJson;
  }
}
