package io.mink.schema.avro;

import io.mink.schema.decode.UndecodableException;
import java.util.List;

/** Decoders of the Avro types that map to Iceberg's type of the same kind. */
final class PrimitiveDecoders {
  private PrimitiveDecoders() {}

  record BooleanDecoder(String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      return in.readBoolean(where);
    }
  }

  record IntDecoder(String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      return in.readInt(where);
    }
  }

  record LongDecoder(String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      return in.readLong(where);
    }
  }

  record FloatDecoder(String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      return in.readFloat(where);
    }
  }

  record DoubleDecoder(String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      return in.readDouble(where);
    }
  }

  record StringDecoder(String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      return in.readString(where);
    }
  }

  /** bytes as a ByteBuffer over a copy, so the value outlives the record's byte array. */
  record BytesDecoder(String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      return in.readBytes(where);
    }
  }

  record FixedDecoder(int size, String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      return in.readFixed(size, where);
    }
  }

  /** An enum as its symbol. */
  record EnumDecoder(List<String> symbols, String where) implements ValueDecoder {
    EnumDecoder {
      symbols = List.copyOf(symbols);
    }

    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      return symbols.get(in.readEnumIndex(symbols.size(), where));
    }
  }

  /** The null type: no bytes. A union of null alone still writes its branch index. */
  record NullDecoder(boolean union, String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      if (union) {
        in.readUnionIndex(1, where);
      }
      return null;
    }
  }
}
