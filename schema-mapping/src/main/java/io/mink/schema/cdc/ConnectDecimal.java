package io.mink.schema.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import io.mink.schema.decode.UndecodableException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Kafka Connect's Decimal: the unscaled value's big-endian two's-complement bytes in base64 (JsonConverter's
 * default {@code decimal.format=BASE64}) or a JSON number ({@code NUMERIC}), with the schema's scale. A decimal
 * whose precision Iceberg cannot hold (over 38 digits) is stored as its plain text.
 */
record ConnectDecimal(String where, int precision, int scale, boolean asText)
    implements ConnectValue {
  /** Iceberg's largest decimal precision. */
  static final int MAX_PRECISION = 38;

  @Override
  public Type type() {
    return asText ? Types.StringType.get() : Types.DecimalType.of(precision, scale);
  }

  @Override
  public Object read(JsonNode node) throws UndecodableException {
    BigDecimal value;
    if (node.isNumber()) {
      try {
        value = node.decimalValue().setScale(scale, RoundingMode.UNNECESSARY);
      } catch (ArithmeticException e) {
        throw wrong(node, "a decimal with at most " + scale + " fraction digits");
      }
    } else {
      value = new BigDecimal(new BigInteger(nonEmpty(ConnectScalars.base64(this, node))), scale);
    }
    if (asText) {
      return value.toPlainString();
    }
    if (value.precision() > precision) {
      throw new UndecodableException(where + " is " + value.toPlainString()
          + ", which has more than " + precision + " digits");
    }
    return value;
  }

  private byte[] nonEmpty(byte[] bytes) throws UndecodableException {
    if (bytes.length == 0) {
      throw new UndecodableException(where + " is empty base64: a decimal needs at least one byte");
    }
    return bytes;
  }
}
