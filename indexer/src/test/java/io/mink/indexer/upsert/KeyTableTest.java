package io.mink.indexer.upsert;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KeyTableTest {
  @Test
  void holdsWhatAHashMapHoldsThroughPutsRemovesAndGrowth() {
    KeyTable table = new KeyTable();
    Map<Long, Long> model = new HashMap<>();
    Random random = new Random(7);
    for (int i = 0; i < 200_000; i++) {
      long key = random.nextInt(20_000);
      long high = key * 31;
      if (random.nextInt(4) == 0) {
        Long expected = model.remove(key);
        assertThat(table.remove(high, key))
            .isEqualTo(expected == null ? KeyTable.ABSENT : expected);
      } else {
        long location = random.nextInt(1 << 30);
        Long expected = model.put(key, location);
        assertThat(table.put(high, key, location))
            .isEqualTo(expected == null ? KeyTable.ABSENT : expected);
      }
    }
    assertThat(table.size()).isEqualTo(model.size());
    model.forEach((key, location) -> assertThat(table.get(key * 31, key)).isEqualTo(location));
    assertThat(table.get(1, 20_001)).isEqualTo(KeyTable.ABSENT);
  }

  @Test
  void keysSharingTheirLowHalfAreToldApartByTheHighHalf() {
    KeyTable table = new KeyTable();
    table.put(1, 5, 10);
    table.put(2, 5, 20);
    assertThat(table.get(1, 5)).isEqualTo(10);
    assertThat(table.get(2, 5)).isEqualTo(20);
    assertThat(table.remove(1, 5)).isEqualTo(10);
    assertThat(table.get(2, 5)).isEqualTo(20);
  }

  @Test
  void aKeyCostsThirtyFourToSixtyNineBytes() {
    KeyTable table = new KeyTable();
    for (int i = 0; i < 1_000_000; i++) {
      table.put(i, i * 0x9E3779B97F4A7C15L, i);
    }
    double perKey = (double) table.memoryBytes() / table.size();
    assertThat(perKey).isBetween(34.0, 69.0);
  }
}
