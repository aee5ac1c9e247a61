package io.mink.schema.avro;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * Random valid data of any Avro schema, as Avro's generic representation of the base types, and its
 * payload written by Avro's own GenericDatumWriter. Logical types get values their type allows
 * (decimals within their precision, canonical UUIDs, times within a day). Collections and optional
 * values thin out with depth so that recursive schemas end.
 */
final class RandomAvroData {
  private static final int MAX_DEPTH = 40;
  private static final int MAX_SIZE = 4096;
  private static final int MAX_DIGITS = 80;
  private static final String ALPHABET = "abcXYZ019 _-\"\\\n\té€😀";

  private final Random random;

  RandomAvroData(long seed) {
    this.random = new Random(seed);
  }

  byte[] payload(Schema schema) {
    Object datum = generate(schema, 0);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
    try {
      new GenericDatumWriter<>(schema, new GenericData()).write(datum, encoder);
      encoder.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private Object generate(Schema schema, int depth) {
    if (depth > MAX_DEPTH || hasNoValueOrOnlyHugeOnes(schema)) {
      throw new NoSmallValue(schema);
    }
    String logical =
        schema.getLogicalType() == null ? "" : schema.getLogicalType().getName();
    return switch (schema.getType()) {
      case NULL -> null;
      case BOOLEAN -> random.nextBoolean();
      case INT -> logical.equals("time-millis") ? random.nextInt(86_400_000) : interestingInt();
      case LONG ->
        switch (logical) {
          case "time-micros" -> (long) (random.nextDouble() * 86_400_000_000L);
          case "timestamp-millis", "local-timestamp-millis" -> interestingLong() / 1000;
          default -> interestingLong();
        };
      case FLOAT -> random.nextInt(10) == 0 ? Float.NaN : random.nextFloat() * 1e6f - 5e5f;
      case DOUBLE ->
        random.nextInt(10) == 0 ? Double.POSITIVE_INFINITY : random.nextGaussian() * 1e9;
      case BYTES ->
        ByteBuffer.wrap(
            logical.equals("decimal")
                ? unscaled(schema).toByteArray()
                : randomBytes(random.nextInt(12)));
      case STRING ->
        logical.equals("uuid")
            ? new UUID(random.nextLong(), random.nextLong()).toString()
            : randomString();
      case FIXED ->
        new GenericData.Fixed(
            schema,
            logical.equals("decimal")
                ? signExtended(unscaled(schema).toByteArray(), schema.getFixedSize())
                : randomBytes(schema.getFixedSize()));
      case ENUM ->
        new GenericData.EnumSymbol(
            schema,
            schema.getEnumSymbols().get(random.nextInt(schema.getEnumSymbols().size())));
      case ARRAY -> {
        List<Object> list = new ArrayList<>();
        for (int i = collectionSize(depth); i > 0; i--) {
          list.add(generate(schema.getElementType(), depth + 1));
        }
        yield list;
      }
      case MAP -> {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = collectionSize(depth); i > 0; i--) {
          map.put(randomString(), generate(schema.getValueType(), depth + 1));
        }
        yield map;
      }
      case UNION -> generate(branch(schema.getTypes(), depth), depth);
      case RECORD -> {
        GenericData.Record record = new GenericData.Record(schema);
        for (Schema.Field field : schema.getFields()) {
          record.put(field.pos(), generate(field.schema(), depth + 1));
        }
        yield record;
      }
    };
  }

  private Schema branch(List<Schema> branches, int depth) {
    if (depth > 4) {
      for (Schema branch : branches) {
        if (branch.getType() == Schema.Type.NULL) {
          return branch;
        }
      }
    }
    return branches.get(random.nextInt(branches.size()));
  }

  private int collectionSize(int depth) {
    return depth > 4 ? 0 : random.nextInt(4);
  }

  private int interestingInt() {
    return switch (random.nextInt(4)) {
      case 0 -> random.nextInt(128) - 64;
      case 1 -> random.nextBoolean() ? Integer.MAX_VALUE : Integer.MIN_VALUE;
      default -> random.nextInt();
    };
  }

  private long interestingLong() {
    return switch (random.nextInt(4)) {
      case 0 -> random.nextInt(128) - 64;
      case 1 -> random.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE;
      default -> random.nextLong();
    };
  }

  private BigInteger unscaled(Schema schema) {
    int precision = ((LogicalTypes.Decimal) schema.getLogicalType()).getPrecision();
    BigInteger limit = BigInteger.TEN.pow(1 + random.nextInt(Math.min(precision, MAX_DIGITS)));
    BigInteger value = new BigInteger(limit.bitLength() + 8, random).mod(limit);
    return random.nextBoolean() ? value.negate() : value;
  }

  private static boolean hasNoValueOrOnlyHugeOnes(Schema schema) {
    return switch (schema.getType()) {
      case FIXED -> schema.getFixedSize() > MAX_SIZE;
      case ENUM -> schema.getEnumSymbols().isEmpty();
      case UNION -> schema.getTypes().isEmpty();
      default -> false;
    };
  }

  /** The schema has no value small enough to generate: a required recursion, a huge fixed, an empty union. */
  static final class NoSmallValue extends RuntimeException {
    NoSmallValue(Schema schema) {
      super("No small value of " + schema.getFullName(), null, false, false);
    }
  }

  private static byte[] signExtended(byte[] bytes, int size) {
    byte[] extended = new byte[size];
    Arrays.fill(extended, bytes[0] < 0 ? (byte) -1 : 0);
    System.arraycopy(bytes, 0, extended, size - bytes.length, bytes.length);
    return extended;
  }

  private byte[] randomBytes(int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  private String randomString() {
    StringBuilder text = new StringBuilder();
    for (int i = random.nextInt(8); i > 0; i--) {
      text.appendCodePoint(ALPHABET.codePointAt(ALPHABET.offsetByCodePoints(
          0, random.nextInt(ALPHABET.codePointCount(0, ALPHABET.length())))));
    }
    return text.toString();
  }
}
