package io.mink.schema.avro;

import io.mink.schema.avro.PrimitiveDecoders.BooleanDecoder;
import io.mink.schema.avro.PrimitiveDecoders.DoubleDecoder;
import io.mink.schema.avro.PrimitiveDecoders.FloatDecoder;
import io.mink.schema.avro.PrimitiveDecoders.IntDecoder;
import io.mink.schema.avro.PrimitiveDecoders.LongDecoder;
import io.mink.schema.avro.PrimitiveDecoders.StringDecoder;
import io.mink.schema.decode.ColumnDecoder;
import io.mink.schema.decode.FieldSink;
import io.mink.schema.decode.UndecodableException;
import java.util.List;

/**
 * An Avro record decoded field by field into column sinks: ints, longs, floats, doubles, booleans and ASCII
 * strings, optional or not, go straight from the payload to the column; any other field is decoded into its
 * object by the record's own field decoder and handed over as a value. The same checks as the object path:
 * the datum must end where the payload ends.
 */
final class AvroColumnDecoder implements ColumnDecoder {
  private final FieldReader[] fields;

  AvroColumnDecoder(RecordDecoder record, List<FieldSink> sinks) {
    ValueDecoder[] decoders = record.fields();
    if (decoders.length != sinks.size()) {
      throw new IllegalArgumentException(String.format(
          "Cannot decode a record of %d fields into %d column sinks",
          decoders.length, sinks.size()));
    }
    this.fields = new FieldReader[decoders.length];
    for (int i = 0; i < decoders.length; i++) {
      fields[i] = reader(decoders[i], sinks.get(i));
    }
  }

  @Override
  public void decode(int row, byte[] data, int offset, int length) throws UndecodableException {
    if (data == null || offset < 0 || length < 0 || offset > data.length - length) {
      throw new UndecodableException(
          "Cannot decode bytes " + offset + " to " + ((long) offset + length) + " of a "
              + (data == null ? "null" : String.valueOf(data.length)) + "-byte array");
    }
    AvroCursor in = new AvroCursor(data, offset, length);
    try {
      for (FieldReader field : fields) {
        field.read(row, in);
      }
      in.requireEnd("the value");
    } catch (RuntimeException | StackOverflowError e) {
      throw new UndecodableException(
          String.format("Avro payload failed to decode at byte %d with %s", in.offset(), e), e);
    }
  }

  /** Reads one field from the cursor into its sink. */
  @FunctionalInterface
  private interface FieldReader {
    void read(int row, AvroCursor in) throws UndecodableException;
  }

  private static FieldReader reader(ValueDecoder decoder, FieldSink sink) {
    if (decoder instanceof OptionDecoder option) {
      FieldReader value = direct(option.value(), sink);
      if (value != null) {
        return (row, in) -> {
          if (in.readUnionIndex(option.branches(), option.where()) == option.nullIndex()) {
            sink.setNull(row);
          } else {
            value.read(row, in);
          }
        };
      }
    }
    FieldReader value = direct(decoder, sink);
    if (value != null) {
      return value;
    }
    return (row, in) -> {
      Object decoded = decoder.decode(in);
      if (decoded == null) {
        sink.setNull(row);
      } else {
        sink.setValue(row, decoded);
      }
    };
  }

  /** The reader of a scalar straight into the sink, or null when the decoder reads anything else. */
  private static FieldReader direct(ValueDecoder decoder, FieldSink sink) {
    if (decoder instanceof IntDecoder d) {
      return (row, in) -> sink.setInt(row, in.readInt(d.where()));
    }
    if (decoder instanceof LongDecoder d) {
      return (row, in) -> sink.setLong(row, in.readLong(d.where()));
    }
    if (decoder instanceof FloatDecoder d) {
      return (row, in) -> sink.setFloat(row, in.readFloat(d.where()));
    }
    if (decoder instanceof DoubleDecoder d) {
      return (row, in) -> sink.setDouble(row, in.readDouble(d.where()));
    }
    if (decoder instanceof BooleanDecoder d) {
      return (row, in) -> sink.setBoolean(row, in.readBoolean(d.where()));
    }
    if (decoder instanceof StringDecoder d) {
      return (row, in) -> text(row, in, d.where(), sink);
    }
    return null;
  }

  /** ASCII goes as bytes; other text through a String, which replaces malformed UTF-8 as the object path does. */
  private static void text(int row, AvroCursor in, String where, FieldSink sink)
      throws UndecodableException {
    int length = in.readLength(where);
    int at = in.take(length, where);
    byte[] buffer = in.buffer();
    for (int i = at; i < at + length; i++) {
      if (buffer[i] < 0) {
        sink.setValue(row, new String(buffer, at, length, java.nio.charset.StandardCharsets.UTF_8));
        return;
      }
    }
    sink.setText(row, buffer, at, length);
  }
}
