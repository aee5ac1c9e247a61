package io.mink.schema.avro;

import io.mink.schema.decode.UndecodableException;

/**
 * Reads one Avro value from a cursor and appends it as JSON. Built once per schema by
 * {@link AvroJsonWriters}; the JSON form is described there.
 */
interface AvroJsonWriter {
  void write(AvroCursor in, StringBuilder out) throws UndecodableException;
}
