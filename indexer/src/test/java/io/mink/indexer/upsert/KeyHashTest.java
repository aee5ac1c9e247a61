package io.mink.indexer.upsert;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.apache.iceberg.relocated.com.google.common.hash.Hashing;
import org.junit.jupiter.api.Test;

class KeyHashTest {
  @Test
  void matchesGuavasMurmurHash3X64Of128Bits() {
    Random random = new Random(3);
    for (int i = 0; i < 2_000; i++) {
      byte[] key = new byte[random.nextInt(70)];
      random.nextBytes(key);
      ByteBuffer guava = ByteBuffer.wrap(Hashing.murmur3_128().hashBytes(key).asBytes())
          .order(ByteOrder.LITTLE_ENDIAN);
      assertThat(KeyHash.of(key)).isEqualTo(new KeyHash(guava.getLong(), guava.getLong()));
    }
  }

  @Test
  void aSliceHashesAsTheBytesItHolds() {
    byte[] framed =
        "xxthe quick brown fox jumps over the lazy dogyy".getBytes(StandardCharsets.UTF_8);
    byte[] plain = "the quick brown fox jumps over the lazy dog".getBytes(StandardCharsets.UTF_8);
    assertThat(KeyHash.of(framed, 2, plain.length)).isEqualTo(KeyHash.of(plain));
  }

  @Test
  void everyLengthAroundTheBlockSizeHashesApart() {
    Set<KeyHash> seen = new HashSet<>();
    for (int length = 0; length <= 40; length++) {
      byte[] key = new byte[length];
      for (int i = 0; i < length; i++) {
        key[i] = (byte) i;
      }
      assertThat(seen.add(KeyHash.of(key))).as("length %d", length).isTrue();
    }
  }
}
