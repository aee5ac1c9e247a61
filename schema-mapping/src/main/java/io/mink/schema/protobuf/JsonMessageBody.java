package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;

/** The JSON reader of a message: reads the length prefix, then the message's body. */
abstract class JsonMessageBody implements JsonValueReader {
  private static final byte[] NO_BYTES = new byte[0];

  private String defaultJson;

  @Override
  public final int wireType() {
    return ProtoInput.LEN;
  }

  @Override
  public final int read(ProtoInput in, String field, JsonRope json, int depth)
      throws UndecodableException {
    int length = in.readLength(field);
    in.checkDepth(depth + 1);
    int outerLimit = in.enter(length);
    int body = readBody(in, field, json, depth + 1);
    in.exit(outerLimit);
    return body;
  }

  /** Reads the message's fields up to the cursor's limit; returns the part that holds the message's JSON. */
  abstract int readBody(ProtoInput in, String field, JsonRope json, int depth)
      throws UndecodableException;

  /** The JSON of the message with no field set, computed on first use (a String, so a racing duplicate is harmless). */
  @Override
  public String defaultJson() {
    String known = defaultJson;
    if (known == null) {
      JsonRope json = new JsonRope();
      try {
        known =
            json.toString(readBody(new ProtoInput(NO_BYTES, 0, 0), "an absent message", json, 0));
      } catch (UndecodableException e) {
        throw new IllegalStateException(
            "A message without fields set has no JSON: " + e.getMessage(), e);
      }
      defaultJson = known;
    }
    return known;
  }
}
