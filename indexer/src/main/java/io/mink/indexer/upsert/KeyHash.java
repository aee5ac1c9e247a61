package io.mink.indexer.upsert;

/**
 * A key's 128-bit MurmurHash3 (x64 variant), by which the key index knows it: two distinct keys share a hash with
 * a chance of about n² / 2¹²⁹, below 10⁻²⁰ for a billion keys.
 *
 * @param high the first 64 bits
 * @param low the second 64 bits
 */
public record KeyHash(long high, long low) {
  private static final long C1 = 0x87c37b91114253d5L;
  private static final long C2 = 0x4cf5ad432745937fL;

  public static KeyHash of(byte[] key) {
    return of(key, 0, key.length);
  }

  /** The hash of {@code length} bytes from {@code offset}. */
  public static KeyHash of(byte[] data, int offset, int length) {
    long h1 = 0;
    long h2 = 0;
    int blocks = length / 16;
    for (int i = 0; i < blocks; i++) {
      int at = offset + i * 16;
      long k1 = littleEndianLong(data, at);
      long k2 = littleEndianLong(data, at + 8);
      h1 ^= mixK1(k1);
      h1 = Long.rotateLeft(h1, 27) + h2;
      h1 = h1 * 5 + 0x52dce729;
      h2 ^= mixK2(k2);
      h2 = Long.rotateLeft(h2, 31) + h1;
      h2 = h2 * 5 + 0x38495ab5;
    }
    int tail = offset + blocks * 16;
    int remaining = length & 15;
    long k1 = 0;
    long k2 = 0;
    for (int i = remaining - 1; i >= 8; i--) {
      k2 = (k2 << 8) | (data[tail + i] & 0xffL);
    }
    for (int i = Math.min(remaining, 8) - 1; i >= 0; i--) {
      k1 = (k1 << 8) | (data[tail + i] & 0xffL);
    }
    h1 ^= mixK1(k1);
    h2 ^= mixK2(k2);
    h1 ^= length;
    h2 ^= length;
    h1 += h2;
    h2 += h1;
    h1 = finalMix(h1);
    h2 = finalMix(h2);
    h1 += h2;
    h2 += h1;
    return new KeyHash(h1, h2);
  }

  private static long mixK1(long k1) {
    return Long.rotateLeft(k1 * C1, 31) * C2;
  }

  private static long mixK2(long k2) {
    return Long.rotateLeft(k2 * C2, 33) * C1;
  }

  private static long finalMix(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }

  private static long littleEndianLong(byte[] data, int at) {
    long value = 0;
    for (int i = 7; i >= 0; i--) {
      value = (value << 8) | (data[at + i] & 0xffL);
    }
    return value;
  }
}
