package io.mink.schema.avro;

import io.mink.schema.decode.ColumnDecoder;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.FieldSink;
import io.mink.schema.decode.UndecodableException;
import java.util.List;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.iceberg.types.Type;

/**
 * An Avro schema compiled into its Iceberg type and decoder tree. A payload is one datum in
 * Avro's binary encoding, without any container header. Stricter than Avro's own reader where a
 * lenient read would hide a payload written with another schema: the datum must end where the
 * payload ends, and a boolean byte must be 0 or 1. Like Avro's reader, a string that is not valid
 * UTF-8 decodes with U+FFFD in place of the bad bytes. Bytes and fixed values are copies, never
 * views of the payload's array. A top-level union whose null branch was written decodes to null.
 */
final class CompiledAvroSchema implements CompiledSchema {
  private final Schema schema;
  private final Type type;
  private final ValueDecoder decoder;

  CompiledAvroSchema(Schema schema, Type type, ValueDecoder decoder) {
    this.schema = schema;
    this.type = type;
    this.decoder = decoder;
  }

  Schema avroSchema() {
    return schema;
  }

  @Override
  public Type type() {
    return type;
  }

  @Override
  public boolean decodesIntoColumns() {
    return decoder instanceof RecordDecoder;
  }

  @Override
  public Optional<ColumnDecoder> columnDecoder(List<FieldSink> sinks) {
    if (!(decoder instanceof RecordDecoder record)) {
      return Optional.empty();
    }
    return Optional.of(new AvroColumnDecoder(record, sinks));
  }

  @Override
  public Object decode(byte[] data, int offset, int length) throws UndecodableException {
    if (data == null || offset < 0 || length < 0 || offset > data.length - length) {
      throw new UndecodableException(String.format(
          "Cannot decode bytes %d to %d of a %s-byte array",
          offset, (long) offset + length, data == null ? "null" : String.valueOf(data.length)));
    }
    AvroCursor in = new AvroCursor(data, offset, length);
    try {
      Object value = decoder.decode(in);
      in.requireEnd("the value");
      return value;
    } catch (RuntimeException | StackOverflowError e) {
      throw new UndecodableException(
          String.format("Avro payload failed to decode at byte %d with %s", in.offset(), e), e);
    }
  }

  @Override
  public String toString() {
    return "CompiledAvroSchema[" + schema.getFullName() + " as " + type + "]";
  }
}
