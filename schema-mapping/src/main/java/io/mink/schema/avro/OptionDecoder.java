package io.mink.schema.avro;

import io.mink.schema.decode.UndecodableException;

/**
 * A union of null and one type (either order), or of one type alone: the branch index, then the
 * value or null.
 *
 * @param nullIndex the null branch's index, or -1 when the union has none
 */
record OptionDecoder(int branches, int nullIndex, ValueDecoder value, String where)
    implements ValueDecoder {
  @Override
  public Object decode(AvroCursor in) throws UndecodableException {
    return in.readUnionIndex(branches, where) == nullIndex ? null : value.decode(in);
  }
}
