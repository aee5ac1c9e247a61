package io.mink.lake.write.pages;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.util.MemoryUtil;
import org.junit.jupiter.api.Test;

/** The dictionaries give each distinct value one id, in the order values first came, across their growth. */
class DictionariesTest {
  @Test
  void numbersKeepTheirIdsAsTheDictionaryGrows() {
    LongDictionary dictionary = new LongDictionary();
    Map<Long, Integer> expected = new HashMap<>();
    Random random = new Random(1);
    for (int i = 0; i < 200_000; i++) {
      long value = random.nextInt(50_000) - 25_000L * (i % 3);
      int id = dictionary.idOf(value);
      Integer known = expected.putIfAbsent(value, id);
      assertThat(id).isEqualTo(known == null ? expected.size() - 1 : known);
      assertThat(dictionary.value(id)).isEqualTo(value);
    }
    assertThat(dictionary.size()).isEqualTo(expected.size());

    dictionary.clear();
    assertThat(dictionary.idOf(7)).isZero();
  }

  @Test
  void byteStringsAreFoundWhereTheyLieAndKeptOnce() {
    BytesDictionary dictionary = new BytesDictionary();
    ByteBuffer memory = ByteBuffer.allocateDirect(64);
    long address = MemoryUtil.getByteBufferAddress(memory);
    Map<String, Integer> expected = new HashMap<>();
    Random random = new Random(2);
    for (int i = 0; i < 100_000; i++) {
      String value = "v" + random.nextInt(30_000) + "é".repeat(i % 4);
      byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
      MemoryUtil.copyToMemory(bytes, 0, address, bytes.length);
      int id = dictionary.idOf(address, bytes.length);
      Integer known = expected.putIfAbsent(value, id);
      assertThat(id).isEqualTo(known == null ? expected.size() - 1 : known);
      byte[] kept = Arrays.copyOfRange(
          dictionary.data(), dictionary.start(id), dictionary.start(id) + dictionary.length(id));
      assertThat(kept).isEqualTo(bytes);
    }
    assertThat(dictionary.idOf(address, 0)).isEqualTo(expected.size());
  }
}
