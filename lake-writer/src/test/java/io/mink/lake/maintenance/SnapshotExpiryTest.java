package io.mink.lake.maintenance;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.maintenance.SnapshotHistory.BecameCurrent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Snapshots are numbered by the minutes ago they were committed; the log says when each became current. */
class SnapshotExpiryTest {
  private static final long NOW = 1_000_000_000_000L;
  private static final Duration HOUR = Duration.ofHours(1);

  @Test
  void nothingExpiresWhileEverySnapshotIsInTheWindow() {
    SnapshotHistory history = linear(59, 30, 1).withMink(1).build();

    assertThat(SnapshotExpiry.dueCutoff(history, NOW, HOUR)).isEmpty();
  }

  @Test
  void theSnapshotThatWasCurrentWhenTheWindowBeganStays() {
    SnapshotHistory history = linear(130, 70, 50, 10).withMink(10).build();

    assertThat(SnapshotExpiry.dueCutoff(history, NOW, HOUR)).hasValue(minutesAgo(70));
  }

  @Test
  void theNewestMinkSnapshotStaysThoughNewerSnapshotsOfOtherWritersAreOld() {
    SnapshotHistory history = linear(240, 180, 120).withMink(180).build();

    assertThat(SnapshotExpiry.dueCutoff(history, NOW, HOUR)).hasValue(minutesAgo(180));
  }

  @Test
  void anOldSnapshotCurrentUntilAMomentAgoStaysWhoeverCommittedIt() {
    SnapshotHistory history = linear(300, 180, 2).withMink(2).build();

    assertThat(SnapshotExpiry.dueCutoff(history, NOW, HOUR)).hasValue(minutesAgo(180));
  }

  @Test
  void aSnapshotARollbackLeftStaysForTheRetentionAfterTheRollback() {
    SnapshotHistory rolledBack = linear(240, 180, 120)
        .current(240, 30)
        .committed(20)
        .current(20, 20)
        .withMink(20)
        .build();

    assertThat(SnapshotExpiry.dueCutoff(rolledBack, NOW, HOUR)).isEmpty();
    assertThat(SnapshotExpiry.dueCutoff(rolledBack, NOW + minutes(41), HOUR))
        .hasValue(minutesAgo(20));
  }

  @Test
  void aSnapshotCurrentAgainAfterARollbackStaysForTheRetentionFromWhenItStoppedAgain() {
    SnapshotHistory undone =
        linear(240, 180).current(240, 50).current(180, 40).withMink(180).build();

    assertThat(SnapshotExpiry.dueCutoff(undone, NOW, HOUR)).isEmpty();
    assertThat(SnapshotExpiry.dueCutoff(undone, NOW + minutes(21), HOUR)).hasValue(minutesAgo(180));
  }

  @Test
  void snapshotsBeforeTheLogsFirstEntryStoppedBeingCurrentByThen() {
    SnapshotHistory trimmed = new History()
        .committed(300)
        .committed(240)
        .committed(200)
        .current(200, 200)
        .committed(10)
        .current(10, 10)
        .withMink(10)
        .build();

    assertThat(SnapshotExpiry.dueCutoff(trimmed, NOW, HOUR)).hasValue(minutesAgo(200));
  }

  @Test
  void expiryWaitsUntilATenthOfTheRetentionOfSnapshotsCanGo() {
    assertThat(SnapshotExpiry.dueCutoff(linear(62, 61, 10).build(), NOW, HOUR)).isEmpty();
    assertThat(SnapshotExpiry.dueCutoff(linear(68, 62, 61, 10).build(), NOW, HOUR))
        .hasValue(minutesAgo(61));
  }

  @Test
  void aTableWithoutSnapshotsHasNothingToExpire() {
    assertThat(SnapshotExpiry.dueCutoff(new History().build(), NOW, HOUR)).isEmpty();
  }

  /** Snapshots each committed on the one before and current from its commit until the next. */
  private static History linear(int... minutesAgo) {
    History history = new History();
    for (int ago : minutesAgo) {
      history.committed(ago).current(ago, ago);
    }
    return history;
  }

  /** A table's snapshots and log built oldest first; snapshot ids are their commit minutes ago. */
  private static final class History {
    private final Map<Long, Long> committed = new LinkedHashMap<>();
    private final List<BecameCurrent> log = new ArrayList<>();
    private OptionalLong mink = OptionalLong.empty();

    History committed(int minutesAgo) {
      committed.put((long) minutesAgo, minutesAgo(minutesAgo));
      return this;
    }

    History current(int snapshot, int minutesAgo) {
      log.add(new BecameCurrent(snapshot, minutesAgo(minutesAgo)));
      return this;
    }

    History withMink(int snapshot) {
      mink = OptionalLong.of(snapshot);
      return this;
    }

    SnapshotHistory build() {
      OptionalLong current = log.isEmpty()
          ? OptionalLong.empty()
          : OptionalLong.of(log.get(log.size() - 1).snapshotId());
      long oldest =
          committed.values().stream().mapToLong(Long::longValue).min().orElse(Long.MAX_VALUE);
      return new SnapshotHistory(committed, log, current, mink, oldest);
    }
  }

  private static long minutes(int minutes) {
    return Duration.ofMinutes(minutes).toMillis();
  }

  private static long minutesAgo(int minutes) {
    return NOW - minutes(minutes);
  }
}
