package io.mink.schema.decode;

/**
 * Decodes payloads of one schema straight into the columns of a batch, one {@link FieldSink} per top-level
 * field, with no object built for the record or for its scalar fields. Not thread-safe: one per batch.
 */
@FunctionalInterface
public interface ColumnDecoder {
  /**
   * Decodes one payload (without any wire-format prefix) into row {@code row}. On failure some sinks may hold
   * values of the row: the caller sets them null.
   */
  void decode(int row, byte[] data, int offset, int length) throws UndecodableException;
}
