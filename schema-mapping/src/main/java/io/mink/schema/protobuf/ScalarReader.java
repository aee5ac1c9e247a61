package io.mink.schema.protobuf;

import static io.mink.schema.protobuf.ProtoInput.I32;
import static io.mink.schema.protobuf.ProtoInput.I64;
import static io.mink.schema.protobuf.ProtoInput.LEN;
import static io.mink.schema.protobuf.ProtoInput.VARINT;

import com.squareup.wire.schema.ProtoType;
import io.mink.schema.decode.UndecodableException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Locale;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** The Protobuf scalar types, each with its Iceberg type and how its value is read. */
enum ScalarReader implements ValueReader {
  BOOL(VARINT, Types.BooleanType.get(), false) {
    @Override
    public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
      return in.readVarint(field) != 0;
    }
  },
  INT32(VARINT, Types.IntegerType.get(), 0) {
    @Override
    public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
      return (int) in.readVarint(field);
    }
  },
  SINT32(VARINT, Types.IntegerType.get(), 0) {
    @Override
    public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
      int zigzag = (int) in.readVarint(field);
      return (zigzag >>> 1) ^ -(zigzag & 1);
    }
  },
  SFIXED32(I32, Types.IntegerType.get(), 0) {
    @Override
    public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
      return in.readFixed32(field);
    }
  },
  INT64(VARINT, Types.LongType.get(), 0L) {
    @Override
    public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
      return in.readVarint(field);
    }
  },
  SINT64(VARINT, Types.LongType.get(), 0L) {
    @Override
    public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
      long zigzag = in.readVarint(field);
      return (zigzag >>> 1) ^ -(zigzag & 1);
    }
  },
  SFIXED64(I64, Types.LongType.get(), 0L) {
    @Override
    public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
      return in.readFixed64(field);
    }
  },
  UINT32(VARINT, Types.LongType.get(), 0L) {
    @Override
    public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
      return in.readVarint(field) & 0xFFFF_FFFFL;
    }
  },
  FIXED32(I32, Types.LongType.get(), 0L) {
    @Override
    public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
      return in.readFixed32(field) & 0xFFFF_FFFFL;
    }
  },
  UINT64(VARINT, Types.DecimalType.of(20, 0), BigDecimal.ZERO) {
    @Override
    public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
      return unsigned(in.readVarint(field));
    }
  },
  FIXED64(I64, Types.DecimalType.of(20, 0), BigDecimal.ZERO) {
    @Override
    public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
      return unsigned(in.readFixed64(field));
    }
  },
  FLOAT(I32, Types.FloatType.get(), 0f) {
    @Override
    public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
      return Float.intBitsToFloat(in.readFixed32(field));
    }
  },
  DOUBLE(I64, Types.DoubleType.get(), 0d) {
    @Override
    public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
      return Double.longBitsToDouble(in.readFixed64(field));
    }
  },
  STRING(LEN, Types.StringType.get(), "") {
    @Override
    public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
      return in.readString(field);
    }
  },
  BYTES(LEN, Types.BinaryType.get(), ByteBuffer.wrap(new byte[0])) {
    @Override
    public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
      return in.readBytes(field);
    }
  };

  private static final BigInteger TWO_TO_THE_64 = BigInteger.ONE.shiftLeft(64);

  private final int wireType;
  private final Type icebergType;
  private final Object defaultValue;

  ScalarReader(int wireType, Type icebergType, Object defaultValue) {
    this.wireType = wireType;
    this.icebergType = icebergType;
    this.defaultValue = defaultValue;
  }

  /** The reader of a scalar type such as {@code int32} or {@code bytes}. */
  static ScalarReader of(ProtoType scalar) {
    return valueOf(scalar.toString().toUpperCase(Locale.ROOT));
  }

  @Override
  public int wireType() {
    return wireType;
  }

  @Override
  public Object defaultValue() {
    return defaultValue;
  }

  Type icebergType() {
    return icebergType;
  }

  /** A uint64 or fixed64 read into a signed long, as the unsigned number it is. */
  static BigDecimal unsigned(long value) {
    if (value >= 0) {
      return BigDecimal.valueOf(value);
    }
    return new BigDecimal(BigInteger.valueOf(value).add(TWO_TO_THE_64));
  }
}
