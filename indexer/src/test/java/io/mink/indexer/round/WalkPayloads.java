package io.mink.indexer.round;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * Random values of a {@link WalkSchema} version and their Avro binary encoding. A value is a plain
 * Java tree: a record is a {@code Map<String, Object>} by field name, a list a {@code List}, a map
 * a {@code Map<String, Object>}, primitives Integer, Long, Float, Double, String, Boolean and
 * BigDecimal (scale 2). Floats and doubles are multiples of 1/8, so widening, JSON text and
 * Spark's output all give the same number.
 */
final class WalkPayloads {
  private static final String[] WORDS = {"alpha", "beta", "", "gamma delta", "été", "数据", "x"};

  private WalkPayloads() {}

  static Map<String, Object> randomValue(WalkSchema version, Random random) {
    return struct(version.root(), random);
  }

  /** The Confluent framing: a zero byte, the schema id in four big-endian bytes, the payload. */
  static byte[] confluent(int schemaId, byte[] payload) {
    return ByteBuffer.allocate(5 + payload.length)
        .put((byte) 0)
        .putInt(schemaId)
        .put(payload)
        .array();
  }

  static byte[] avro(Schema schema, Map<String, Object> value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    try {
      new GenericDatumWriter<>(schema).write(toAvro(schema, value), encoder);
      encoder.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static Map<String, Object> struct(WalkSchema.Struct struct, Random random) {
    Map<String, Object> value = new LinkedHashMap<>();
    for (WalkSchema.Field field : struct.fields) {
      value.put(
          field.name, field.optional && random.nextInt(4) == 0 ? null : value(field.type, random));
    }
    return value;
  }

  private static Object value(WalkSchema.Type type, Random random) {
    if (type instanceof WalkSchema.Struct struct) {
      return struct(struct, random);
    }
    if (type instanceof WalkSchema.ListOf list) {
      List<Object> elements = new ArrayList<>();
      for (int i = random.nextInt(4); i > 0; i--) {
        elements.add(
            list.elementOptional && random.nextInt(4) == 0 ? null : value(list.element, random));
      }
      return elements;
    }
    if (type instanceof WalkSchema.MapOf map) {
      Map<String, Object> entries = new LinkedHashMap<>();
      for (int i = random.nextInt(3); i > 0; i--) {
        entries.put(
            "k" + random.nextInt(5),
            map.valueOptional && random.nextInt(4) == 0 ? null : value(map.value, random));
      }
      return entries;
    }
    WalkSchema.Prim prim = (WalkSchema.Prim) type;
    return switch (prim.kind()) {
      case INT -> random.nextBoolean() ? random.nextInt() : random.nextInt(2000) - 1000;
      case LONG -> random.nextBoolean() ? random.nextLong() : (long) random.nextInt(2000) - 1000;
      case FLOAT -> (random.nextInt(80_000) - 40_000) / 8f;
      case DOUBLE -> (random.nextLong() >> 12) / 8.0;
      case STRING -> WORDS[random.nextInt(WORDS.length)] + random.nextInt(100);
      case BOOLEAN -> random.nextBoolean();
      case DECIMAL -> decimal(prim.precision(), random);
    };
  }

  private static BigDecimal decimal(int precision, Random random) {
    int digits = 1 + random.nextInt(precision);
    BigInteger unscaled = new BigInteger(digits * 4, random).mod(BigInteger.TEN.pow(digits));
    return new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), 2);
  }

  @SuppressWarnings("unchecked")
  private static Object toAvro(Schema schema, Object value) {
    if (value == null) {
      return null;
    }
    return switch (schema.getType()) {
      case UNION -> toAvro(schema.getTypes().get(1), value);
      case RECORD -> {
        GenericData.Record record = new GenericData.Record(schema);
        Map<String, Object> fields = (Map<String, Object>) value;
        for (Schema.Field field : schema.getFields()) {
          record.put(field.name(), toAvro(field.schema(), fields.get(field.name())));
        }
        yield record;
      }
      case ARRAY -> {
        List<Object> elements = new ArrayList<>();
        for (Object element : (List<Object>) value) {
          elements.add(toAvro(schema.getElementType(), element));
        }
        yield elements;
      }
      case MAP -> {
        Map<String, Object> entries = new LinkedHashMap<>();
        ((Map<String, Object>) value)
            .forEach((key, entry) -> entries.put(key, toAvro(schema.getValueType(), entry)));
        yield entries;
      }
      case BYTES -> ByteBuffer.wrap(((BigDecimal) value).unscaledValue().toByteArray());
      default -> value;
    };
  }
}
