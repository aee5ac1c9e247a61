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
  public final void append(ProtoInput in, String field, StringBuilder out, int depth)
      throws UndecodableException {
    int length = in.readLength(field);
    in.checkDepth(depth + 1);
    int outerLimit = in.enter(length);
    appendBody(in, field, out, depth + 1);
    in.exit(outerLimit);
  }

  /** Reads the message's fields up to the cursor's limit and appends the message's JSON. */
  abstract void appendBody(ProtoInput in, String field, StringBuilder out, int depth)
      throws UndecodableException;

  /** The JSON of the message with no field set, computed on first use (a String, so a racing duplicate is harmless). */
  @Override
  public String defaultJson() {
    String json = defaultJson;
    if (json == null) {
      StringBuilder out = new StringBuilder();
      try {
        appendBody(new ProtoInput(NO_BYTES, 0, 0), "an absent message", out, 0);
      } catch (UndecodableException e) {
        throw new IllegalStateException(
            "A message without fields set has no JSON: " + e.getMessage(), e);
      }
      json = out.toString();
      defaultJson = json;
    }
    return json;
  }
}
