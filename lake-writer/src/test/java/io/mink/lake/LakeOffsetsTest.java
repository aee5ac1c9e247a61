package io.mink.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LakeOffsetsTest {
  @Test
  void encodesAsJsonObjectSortedByPartition() {
    assertThat(LakeOffsets.of(Map.of(10, 5L, 2, 1200L, 0, 7L)).encode())
        .isEqualTo("{\"0\":7,\"2\":1200,\"10\":5}");
  }

  @Test
  void decodeReversesEncode() {
    LakeOffsets offsets = LakeOffsets.of(Map.of(0, 0L, 1, 99_999_999_999L));
    assertThat(LakeOffsets.decode(offsets.encode())).isEqualTo(offsets);
  }

  @Test
  void advancingKeepsUntouchedPartitions() {
    LakeOffsets advanced = LakeOffsets.of(Map.of(0, 10L, 1, 20L)).advancedTo(Map.of(1, 25L, 2, 3L));
    assertThat(advanced.nextOffsets()).isEqualTo(Map.of(0, 10L, 1, 25L, 2, 3L));
  }

  @Test
  void offsetsNeverMoveBack() {
    assertThatThrownBy(() -> LakeOffsets.of(Map.of(0, 10L)).advancedTo(Map.of(0, 9L)))
        .hasMessage("Offsets never move back: partition 0 is at 10, not 9");
  }

  @Test
  void unreadableSummaryIsRejectedWithItsText() {
    assertThatThrownBy(() -> LakeOffsets.decode("[1,2]"))
        .hasMessage("Invalid mink-offsets '[1,2]': expected a JSON object");
  }
}
