package io.mink.bench.fuzz;

import io.mink.bench.registry.SchemaLanguage;
import io.mink.testkit.TestHeader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Record {@code i} of the fuzzed topic, a pure function of the seed and {@code i}: the benchmark produces each record
 * once and generates it again to check the row the lake holds for it, so nothing is kept in memory.
 */
public final class FuzzRecords {
  static final String VALUE_SCHEMA_HEADER = "__value_schema_id";
  private static final int UNKNOWN_ID = 999_999;
  private static final List<SchemaLanguage> LANGUAGES = List.of(SchemaLanguage.values());
  private static final List<WireFormat> WIRES = List.of(WireFormat.values());

  private final FuzzSchemas schemas;
  private final long seed;

  FuzzRecords(FuzzSchemas schemas, long seed) {
    this.schemas = schemas;
    this.seed = seed;
  }

  FuzzRecord generate(long i) {
    SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i);
    FuzzKind kind = FuzzKind.of(random.nextInt(1_000));
    SchemaLanguage language = LANGUAGES.get(random.nextInt(LANGUAGES.size()));
    WireFormat wire = WIRES.get(random.nextInt(WIRES.size()));
    if (wire == WireFormat.GLUE && language == SchemaLanguage.PROTOBUF) {
      wire = WireFormat.CONFLUENT;
    }
    int order = random.nextInt(FuzzSchemas.POOL);
    byte[] key = key(random, i);
    List<TestHeader> headers = new ArrayList<>();
    byte[] value = switch (kind) {
      case TOMBSTONE -> null;
      case RAW_TEXT -> ("order " + i + " as plain text").getBytes(StandardCharsets.UTF_8);
      case RANDOM_BYTES -> bytes(random, random.nextInt(301));
      default -> encoded(kind, language, wire, order, random, headers);
    };
    if (random.nextInt(10) == 0) {
      headers.add(new TestHeader("trace", bytes(random, random.nextInt(33))));
    }
    boolean fromPool = value != null && kind != FuzzKind.RAW_TEXT && kind != FuzzKind.RANDOM_BYTES;
    return new FuzzRecord(kind, language, wire, fromPool ? order : -1, key, value, headers);
  }

  private byte[] encoded(
      FuzzKind kind,
      SchemaLanguage language,
      WireFormat wire,
      int order,
      SplittableRandom random,
      List<TestHeader> headers) {
    SchemaLanguage schemaOf = kind == FuzzKind.WRONG_LANGUAGE
        ? LANGUAGES.get((LANGUAGES.indexOf(language) + 1 + random.nextInt(2)) % LANGUAGES.size())
        : language;
    if (kind == FuzzKind.WRONG_LANGUAGE && wire == WireFormat.GLUE) {
      schemaOf = language == SchemaLanguage.AVRO ? SchemaLanguage.JSON : SchemaLanguage.AVRO;
    }
    FuzzSchemas.Registered schema = schemas.of(schemaOf);
    byte[] payload = schemas.of(language).payloads()[order];
    boolean unknown = kind == FuzzKind.UNKNOWN_SCHEMA;
    byte[] value = switch (wire) {
      case CONFLUENT -> confluent(unknown ? UNKNOWN_ID : schema.id(), schemaOf, payload);
      case GLUE ->
        glue(unknown ? new UUID(random.nextLong(), random.nextLong()) : schema.glue(), payload);
      case HEADER -> {
        byte[] id = header(
            unknown ? new UUID(random.nextLong(), random.nextLong()) : schema.guid(), schemaOf);
        if (kind == FuzzKind.BAD_MAGIC) {
          id[0] = (byte) 0x7E;
        }
        headers.add(new TestHeader(VALUE_SCHEMA_HEADER, id));
        yield payload;
      }
    };
    return switch (kind) {
      case BIT_FLIP -> flipped(value, random);
      case TRUNCATED -> Arrays.copyOf(value, random.nextInt(value.length));
      case EXTENDED -> extended(value, random);
      case BAD_MAGIC -> wire == WireFormat.HEADER ? value : magic(value);
      default -> value;
    };
  }

  private static byte[] confluent(int id, SchemaLanguage schemaOf, byte[] payload) {
    boolean protobuf = schemaOf == SchemaLanguage.PROTOBUF;
    ByteBuffer buffer = ByteBuffer.allocate(5 + (protobuf ? 1 : 0) + payload.length);
    buffer.put((byte) 0).putInt(id);
    if (protobuf) {
      buffer.put((byte) 0);
    }
    return buffer.put(payload).array();
  }

  private static byte[] glue(UUID version, byte[] payload) {
    return ByteBuffer.allocate(18 + payload.length)
        .put((byte) 3)
        .put((byte) 0)
        .putLong(version.getMostSignificantBits())
        .putLong(version.getLeastSignificantBits())
        .put(payload)
        .array();
  }

  private static byte[] header(UUID guid, SchemaLanguage schemaOf) {
    boolean protobuf = schemaOf == SchemaLanguage.PROTOBUF;
    ByteBuffer buffer = ByteBuffer.allocate(17 + (protobuf ? 1 : 0));
    buffer
        .put((byte) 1)
        .putLong(guid.getMostSignificantBits())
        .putLong(guid.getLeastSignificantBits());
    return buffer.array();
  }

  private static byte[] flipped(byte[] value, SplittableRandom random) {
    byte[] copy = value.clone();
    for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
      int bit = random.nextInt(copy.length * 8);
      copy[bit / 8] ^= (byte) (1 << (bit % 8));
    }
    return copy;
  }

  private static byte[] extended(byte[] value, SplittableRandom random) {
    byte[] tail = bytes(random, 1 + random.nextInt(16));
    byte[] copy = Arrays.copyOf(value, value.length + tail.length);
    System.arraycopy(tail, 0, copy, value.length, tail.length);
    return copy;
  }

  private static byte[] magic(byte[] value) {
    byte[] copy = value.clone();
    copy[0] = (byte) 0x7E;
    return copy;
  }

  private static byte[] key(SplittableRandom random, long i) {
    int draw = random.nextInt(10);
    if (draw < 5) {
      return null;
    }
    return draw < 9
        ? ("key-" + i).getBytes(StandardCharsets.UTF_8)
        : bytes(random, 1 + random.nextInt(64));
  }

  private static byte[] bytes(SplittableRandom random, int size) {
    byte[] bytes = new byte[size];
    random.nextBytes(bytes);
    return bytes;
  }
}
