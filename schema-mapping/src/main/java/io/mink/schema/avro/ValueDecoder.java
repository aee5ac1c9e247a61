package io.mink.schema.avro;

import io.mink.schema.decode.UndecodableException;

/**
 * Reads one Avro value from a cursor into an Iceberg generic value. Built once per schema by
 * {@link AvroDecoderBuilder}; immutable, so one tree serves every thread.
 */
interface ValueDecoder {
  Object decode(AvroCursor in) throws UndecodableException;
}
