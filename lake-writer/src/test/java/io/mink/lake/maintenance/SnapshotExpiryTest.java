package io.mink.lake.maintenance;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class SnapshotExpiryTest {
  private static final long NOW = 1_000_000_000_000L;
  private static final Duration HOUR = Duration.ofHours(1);

  @Test
  void nothingExpiresWhileEverySnapshotIsInTheWindow() {
    assertThat(SnapshotExpiry.dueCutoff(
            List.of(minutesAgo(1), minutesAgo(30), minutesAgo(59)),
            minutesAgo(59),
            OptionalLong.of(minutesAgo(1)),
            NOW,
            HOUR))
        .isEmpty();
  }

  @Test
  void theSnapshotThatWasCurrentWhenTheWindowBeganStays() {
    assertThat(SnapshotExpiry.dueCutoff(
            List.of(minutesAgo(10), minutesAgo(50), minutesAgo(70), minutesAgo(130)),
            minutesAgo(130),
            OptionalLong.of(minutesAgo(10)),
            NOW,
            HOUR))
        .hasValue(minutesAgo(70));
  }

  @Test
  void theNewestMinkSnapshotStaysThoughNewerSnapshotsOfOtherWritersAreOld() {
    assertThat(SnapshotExpiry.dueCutoff(
            List.of(minutesAgo(120), minutesAgo(180), minutesAgo(240)),
            minutesAgo(240),
            OptionalLong.of(minutesAgo(180)),
            NOW,
            HOUR))
        .hasValue(minutesAgo(180));
  }

  @Test
  void expiryWaitsUntilATenthOfTheRetentionOfSnapshotsCanGo() {
    assertThat(SnapshotExpiry.dueCutoff(
            List.of(minutesAgo(10), minutesAgo(61), minutesAgo(62)),
            minutesAgo(62),
            OptionalLong.empty(),
            NOW,
            HOUR))
        .isEmpty();
    assertThat(SnapshotExpiry.dueCutoff(
            List.of(minutesAgo(10), minutesAgo(61), minutesAgo(62), minutesAgo(68)),
            minutesAgo(68),
            OptionalLong.empty(),
            NOW,
            HOUR))
        .hasValue(minutesAgo(61));
  }

  @Test
  void aTableWithoutSnapshotsHasNothingToExpire() {
    assertThat(SnapshotExpiry.dueCutoff(List.of(), Long.MAX_VALUE, OptionalLong.empty(), NOW, HOUR))
        .isEmpty();
  }

  private static long minutesAgo(int minutes) {
    return NOW - Duration.ofMinutes(minutes).toMillis();
  }
}
