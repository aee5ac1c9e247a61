package io.mink.schema.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import io.mink.schema.decode.UndecodableException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** Kafka Connect's primitive types as JsonConverter writes them: numbers, booleans, strings, base64 bytes. */
final class ConnectScalars {
  private ConnectScalars() {}

  /** int8, int16 and int32, range-checked, as an Integer. */
  record IntValue(String where, int min, int max, String connectType) implements ConnectValue {
    @Override
    public Type type() {
      return Types.IntegerType.get();
    }

    @Override
    public Object read(JsonNode node) throws UndecodableException {
      if (!node.isIntegralNumber() || !node.canConvertToInt()) {
        throw wrong(node, "an " + connectType + " integer");
      }
      int value = node.intValue();
      if (value < min || value > max) {
        throw wrong(node, "an " + connectType + " integer, from " + min + " to " + max);
      }
      return value;
    }
  }

  /** int64 as a Long. */
  record LongValue(String where) implements ConnectValue {
    @Override
    public Type type() {
      return Types.LongType.get();
    }

    @Override
    public Object read(JsonNode node) throws UndecodableException {
      return integral(this, node);
    }
  }

  /** float32 and float64; JsonConverter writes NaN and the infinities as the strings Jackson writes. */
  record FloatingValue(String where, boolean isFloat) implements ConnectValue {
    @Override
    public Type type() {
      return isFloat ? Types.FloatType.get() : Types.DoubleType.get();
    }

    @Override
    public Object read(JsonNode node) throws UndecodableException {
      double value;
      if (node.isNumber()) {
        value = node.doubleValue();
      } else if (node.isTextual()) {
        value = switch (node.textValue()) {
          case "NaN" -> Double.NaN;
          case "Infinity" -> Double.POSITIVE_INFINITY;
          case "-Infinity" -> Double.NEGATIVE_INFINITY;
          default -> throw wrong(node, "a number");
        };
      } else {
        throw wrong(node, "a number");
      }
      return isFloat ? (Object) (float) value : (Object) value;
    }
  }

  record BooleanValue(String where) implements ConnectValue {
    @Override
    public Type type() {
      return Types.BooleanType.get();
    }

    @Override
    public Object read(JsonNode node) throws UndecodableException {
      if (!node.isBoolean()) {
        throw wrong(node, "a boolean");
      }
      return node.booleanValue();
    }
  }

  record StringValue(String where) implements ConnectValue {
    @Override
    public Type type() {
      return Types.StringType.get();
    }

    @Override
    public Object read(JsonNode node) throws UndecodableException {
      if (!node.isTextual()) {
        throw wrong(node, "a string");
      }
      return node.textValue();
    }
  }

  /** bytes: base64 text in JSON, as a ByteBuffer. */
  record BytesValue(String where) implements ConnectValue {
    @Override
    public Type type() {
      return Types.BinaryType.get();
    }

    @Override
    public Object read(JsonNode node) throws UndecodableException {
      return ByteBuffer.wrap(base64(this, node));
    }
  }

  static long integral(ConnectValue value, JsonNode node) throws UndecodableException {
    if (!node.isIntegralNumber() || !node.canConvertToLong()) {
      throw value.wrong(node, "an int64 integer");
    }
    return node.longValue();
  }

  static byte[] base64(ConnectValue value, JsonNode node) throws UndecodableException {
    if (!node.isTextual()) {
      throw value.wrong(node, "base64 text");
    }
    try {
      return node.binaryValue();
    } catch (IOException | IllegalArgumentException e) {
      throw new UndecodableException(value.where() + " is not valid base64: " + e.getMessage(), e);
    }
  }
}
