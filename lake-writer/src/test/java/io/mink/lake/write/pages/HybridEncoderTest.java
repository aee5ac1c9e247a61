package io.mink.lake.write.pages;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Random;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the hybrid encoder writes, parquet-java's decoder reads back: runs, packed values and their mixes. */
class HybridEncoderTest {
  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 3, 5, 8, 13, 20, 31})
  void parquetJavasDecoderReadsEveryValueBack(int bitWidth) throws IOException {
    Random random = new Random(bitWidth);
    for (int round = 0; round < 50; round++) {
      int[] values = values(random, bitWidth, random.nextInt(3_000) + 1);
      PageBytes out = new PageBytes(16);

      HybridEncoder.encode(values, values.length, bitWidth, out);

      RunLengthBitPackingHybridDecoder decoder = new RunLengthBitPackingHybridDecoder(
          bitWidth, new ByteArrayInputStream(out.toByteArray()));
      for (int i = 0; i < values.length; i++) {
        assertThat(decoder.readInt()).as("value %d of %d", i, values.length).isEqualTo(values[i]);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 100_000})
  void aRepeatedValueIsOneRun(int count) {
    int[] values = new int[count];
    java.util.Arrays.fill(values, 1);
    PageBytes out = new PageBytes(16);

    HybridEncoder.encode(values, count, 1, out);

    assertThat(out.size()).isLessThanOrEqualTo(count < 8 ? 2 : 4);
  }

  /** Runs of random lengths, some long, some of one value, as levels and dictionary ids come. */
  private static int[] values(Random random, int bitWidth, int count) {
    int[] values = new int[count];
    long bound = 1L << bitWidth;
    int i = 0;
    while (i < count) {
      int run = random.nextBoolean() ? 1 + random.nextInt(4) : 1 + random.nextInt(40);
      int value = (int) Math.floorMod(random.nextLong(), bound);
      boolean same = random.nextInt(3) == 0;
      for (int k = 0; k < run && i < count; k++) {
        values[i++] = same ? value : (int) Math.floorMod(random.nextLong(), bound);
      }
    }
    return values;
  }
}
