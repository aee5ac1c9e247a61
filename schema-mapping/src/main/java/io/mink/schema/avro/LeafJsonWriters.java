package io.mink.schema.avro;

import io.mink.schema.decode.UndecodableException;
import java.time.format.DateTimeFormatter;
import java.time.temporal.TemporalAccessor;
import java.util.List;

/** JSON writers of Avro values that hold no other value; the JSON form is described in {@link AvroJsonWriters}. */
final class LeafJsonWriters {
  private LeafJsonWriters() {}

  record NullJson(String where) implements AvroJsonWriter {
    @Override
    public void write(AvroCursor in, StringBuilder out) {
      out.append("null");
    }
  }

  record BooleanJson(String where) implements AvroJsonWriter {
    @Override
    public void write(AvroCursor in, StringBuilder out) throws UndecodableException {
      out.append(in.readBoolean(where));
    }
  }

  record IntJson(String where) implements AvroJsonWriter {
    @Override
    public void write(AvroCursor in, StringBuilder out) throws UndecodableException {
      out.append(in.readInt(where));
    }
  }

  record LongJson(String where) implements AvroJsonWriter {
    @Override
    public void write(AvroCursor in, StringBuilder out) throws UndecodableException {
      out.append(in.readLong(where));
    }
  }

  /** float and double; NaN and the infinities, which JSON numbers cannot hold, as strings. */
  record FloatingJson(boolean isDouble, String where) implements AvroJsonWriter {
    @Override
    public void write(AvroCursor in, StringBuilder out) throws UndecodableException {
      double value = isDouble ? in.readDouble(where) : in.readFloat(where);
      if (Double.isFinite(value)) {
        if (isDouble) {
          out.append(value);
        } else {
          out.append((float) value);
        }
      } else {
        out.append('"').append(value).append('"');
      }
    }
  }

  record StringJson(String where) implements AvroJsonWriter {
    @Override
    public void write(AvroCursor in, StringBuilder out) throws UndecodableException {
      JsonText.appendQuoted(out, in.readString(where));
    }
  }

  /** bytes, or a fixed when {@code fixedSize} is not negative, as base64. */
  record BytesJson(int fixedSize, String where) implements AvroJsonWriter {
    @Override
    public void write(AvroCursor in, StringBuilder out) throws UndecodableException {
      int length = fixedSize < 0 ? in.readLength(where) : fixedSize;
      JsonText.appendBase64(out, in.buffer(), in.take(length, where), length);
    }
  }

  record EnumJson(List<String> quotedSymbols, String where) implements AvroJsonWriter {
    EnumJson {
      quotedSymbols = quotedSymbols.stream().map(JsonText::quoted).toList();
    }

    @Override
    public void write(AvroCursor in, StringBuilder out) throws UndecodableException {
      out.append(quotedSymbols.get(in.readEnumIndex(quotedSymbols.size(), where)));
    }
  }

  /** A decimal as a JSON number in plain notation. */
  record DecimalJson(int fixedSize, int precision, int scale, String where)
      implements AvroJsonWriter {
    @Override
    public void write(AvroCursor in, StringBuilder out) throws UndecodableException {
      int at = in.offset();
      int length = fixedSize < 0 ? in.readLength(where) : fixedSize;
      int start = in.take(length, where);
      out.append(DecimalDecoder.read(in.buffer(), start, length, scale, precision, where, at)
          .toPlainString());
    }
  }

  /** A uuid, on a string or a fixed of 16, in its canonical form. */
  record UuidJson(boolean fixed, String where) implements AvroJsonWriter {
    @Override
    public void write(AvroCursor in, StringBuilder out) throws UndecodableException {
      int at = in.offset();
      Object uuid = fixed
          ? UuidDecoders.fromBigEndian(in.buffer(), in.take(16, where))
          : UuidDecoders.parse(in.readString(where), where, at);
      out.append('"').append(uuid).append('"');
    }
  }

  /** date, time and timestamp logical types as ISO-8601 strings, through the column decoder of the type. */
  record TemporalJson(ValueDecoder decoder, DateTimeFormatter format) implements AvroJsonWriter {
    @Override
    public void write(AvroCursor in, StringBuilder out) throws UndecodableException {
      out.append('"');
      format.formatTo((TemporalAccessor) decoder.decode(in), out);
      out.append('"');
    }
  }
}
