package io.mink.schema.avro;

import io.mink.schema.decode.UndecodableException;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * An Avro decimal (a big-endian two's-complement unscaled value in bytes or a fixed) as a
 * BigDecimal of the declared scale. A value with more digits than the declared precision is
 * undecodable: Iceberg could not write it into a decimal(p, s) column.
 *
 * @param fixedSize the size of the fixed it is stored in, or -1 when stored in bytes
 */
record DecimalDecoder(int fixedSize, int precision, int scale, String where)
    implements ValueDecoder {
  @Override
  public Object decode(AvroCursor in) throws UndecodableException {
    int at = in.offset();
    int length = fixedSize < 0 ? in.readLength(where) : fixedSize;
    int start = in.take(length, where);
    BigDecimal value = read(in.buffer(), start, length, scale, precision, where, at);
    if (value.precision() > precision) {
      throw tooManyDigits(value.precision() + " digits", precision, where, at);
    }
    return value;
  }

  /**
   * Reads an unscaled value, dropping redundant leading sign bytes; one needing more bytes than any
   * value of the given precision is rejected before a BigInteger is made of it.
   */
  static BigDecimal read(
      byte[] buffer, int start, int length, int scale, int precision, String where, int at)
      throws UndecodableException {
    if (length == 0) {
      throw new UndecodableException(
          "Invalid Avro decimal for " + where + " at byte " + at + ": no bytes");
    }
    while (length > 1 && isRedundantSignByte(buffer[start], buffer[start + 1])) {
      start++;
      length--;
    }
    if (length <= Long.BYTES) {
      long unscaled = buffer[start];
      for (int i = 1; i < length; i++) {
        unscaled = unscaled << 8 | (buffer[start + i] & 0xff);
      }
      return BigDecimal.valueOf(unscaled, scale);
    }
    if (length > maxBytes(precision)) {
      throw tooManyDigits(length + " bytes", precision, where, at);
    }
    return new BigDecimal(new BigInteger(buffer, start, length), scale);
  }

  /** The most bytes a two's-complement value of {@code precision} decimal digits takes. */
  static long maxBytes(int precision) {
    return (long) Math.ceil((precision * (Math.log(10) / Math.log(2)) + 1) / 8) + 1;
  }

  private static boolean isRedundantSignByte(byte first, byte next) {
    return (first == 0 && next >= 0) || (first == -1 && next < 0);
  }

  private static UndecodableException tooManyDigits(
      String size, int precision, String where, int at) {
    return new UndecodableException(String.format(
        "Avro decimal for %s at byte %d has %s, more than its precision %d allows",
        where, at, size, precision));
  }
}
