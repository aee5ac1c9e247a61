package io.mink.schema.avro;

import io.mink.schema.decode.UndecodableException;

/** A part of the schema held as a JSON string column: its value rendered by a JSON writer. */
record JsonColumnDecoder(AvroJsonWriter writer) implements ValueDecoder {
  private static final int INITIAL_CAPACITY = 64;

  @Override
  public Object decode(AvroCursor in) throws UndecodableException {
    StringBuilder out = new StringBuilder(INITIAL_CAPACITY);
    writer.write(in, out);
    return out.toString();
  }
}
