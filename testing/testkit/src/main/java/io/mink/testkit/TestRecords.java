package io.mink.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/** Seeded record generators: the same seed gives the same records on every JVM. */
public final class TestRecords {
  /** Explicit timestamps count up from here: 2023-11-14T22:13:20.123Z. */
  public static final long BASE_TIMESTAMP = 1_700_000_000_123L;

  public static final int MAX_MIXED_BYTES = 600;
  public static final int MAX_HEADERS = 4;

  /** "trace" is listed twice so it is drawn twice as often, and repeats within a record. */
  private static final List<String> HEADER_KEYS =
      List.of("trace", "trace", "source", "content-type");

  private static final int MAX_HEADER_VALUE_BYTES = 40;
  private static final int SIZED_KEY_BYTES = 16;
  private static final int SIZED_POOL_BYTES = 4 << 20;

  private TestRecords() {}

  /**
   * Records of every awkward shape, spread at random over partitions 0 to {@code partitions - 1}.
   * About 10% have a null key and 10% a null value (tombstones); about 5% of keys and of values
   * are empty; the rest are 1 to {@value #MAX_MIXED_BYTES} random bytes. Each has 0 to
   * {@value #MAX_HEADERS} headers whose keys repeat ("trace" is the likeliest) and whose values
   * are null about 15% of the time. About 80% carry {@code BASE_TIMESTAMP + i}, 10% an earlier,
   * out-of-order time, and 10% none, so the producer stamps the send time.
   */
  public static List<TestRecord> mixed(long seed, int count, int partitions) {
    checkCounts(count, partitions);
    Random random = new Random(seed);
    List<TestRecord> records = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int partition = random.nextInt(partitions);
      byte[] key = nullableBytes(random);
      byte[] value = nullableBytes(random);
      List<TestHeader> headers = headers(random);
      records.add(new TestRecord(partition, key, value, headers, timestamp(random, i)));
    }
    return records;
  }

  /**
   * Records for benchmarks, round-robin over partitions: a 16-byte key (the index, then random
   * bytes), a value of exactly {@code valueBytes} bytes, one "source" header and the timestamp
   * {@code BASE_TIMESTAMP + i}. Values are windows at random offsets of one 4 MiB random pool, so
   * making a million of them costs little; they are not all alike, but across records they repeat
   * more than truly random bytes would, so compression ratios read from them are optimistic.
   */
  public static List<TestRecord> sized(long seed, int count, int valueBytes, int partitions) {
    checkCounts(count, partitions);
    if (valueBytes < 0) {
      throw new IllegalArgumentException("valueBytes is " + valueBytes + ": use 0 or more");
    }
    Random random = new Random(seed);
    byte[] pool = new byte[SIZED_POOL_BYTES + valueBytes];
    random.nextBytes(pool);
    List<TestHeader> headers = List.of(new TestHeader("source", "mink-benchmark".getBytes(UTF_8)));
    List<TestRecord> records = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      byte[] key = ByteBuffer.allocate(SIZED_KEY_BYTES)
          .putLong(i)
          .putLong(random.nextLong())
          .array();
      int offset = random.nextInt(SIZED_POOL_BYTES);
      byte[] value = Arrays.copyOfRange(pool, offset, offset + valueBytes);
      records.add(new TestRecord(i % partitions, key, value, headers, BASE_TIMESTAMP + i));
    }
    return records;
  }

  private static void checkCounts(int count, int partitions) {
    if (count < 0) {
      throw new IllegalArgumentException("count is " + count + ": use 0 or more");
    }
    if (partitions < 1) {
      throw new IllegalArgumentException("partitions is " + partitions + ": use 1 or more");
    }
  }

  private static byte[] nullableBytes(Random random) {
    int roll = random.nextInt(100);
    if (roll < 10) {
      return null;
    }
    if (roll < 15) {
      return new byte[0];
    }
    return randomBytes(random, 1 + random.nextInt(MAX_MIXED_BYTES));
  }

  private static List<TestHeader> headers(Random random) {
    int count = random.nextInt(MAX_HEADERS + 1);
    List<TestHeader> headers = new ArrayList<>(count);
    for (int h = 0; h < count; h++) {
      String key = HEADER_KEYS.get(random.nextInt(HEADER_KEYS.size()));
      byte[] value = random.nextInt(100) < 15
          ? null
          : randomBytes(random, random.nextInt(MAX_HEADER_VALUE_BYTES + 1));
      headers.add(new TestHeader(key, value));
    }
    return headers;
  }

  private static Long timestamp(Random random, int index) {
    int roll = random.nextInt(100);
    if (roll < 80) {
      return BASE_TIMESTAMP + index;
    }
    if (roll < 90) {
      return BASE_TIMESTAMP - 1 - random.nextInt(1_000_000_000);
    }
    return null;
  }

  private static byte[] randomBytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }
}
