package io.mink.lake.maintenance;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.maintenance.SnapshotHistory.BecameCurrent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * Snapshot ids are the minutes ago they were committed; each is committed on the snapshot current then and becomes
 * current at its commit, unless the test says otherwise.
 */
class SnapshotExpiryTest {
  private static final long NOW = 1_000_000_000_000L;
  private static final Duration HOUR = Duration.ofHours(1);

  @Test
  void nothingExpiresWhileEverySnapshotIsInTheWindow() {
    SnapshotHistory history = new History().round(59).round(30).round(1).build();

    assertThat(SnapshotExpiry.dueCutoff(history, NOW, HOUR)).isEmpty();
  }

  @Test
  void theSnapshotThatWasCurrentWhenTheWindowBeganStays() {
    SnapshotHistory history =
        new History().round(130).round(70).round(50).round(10).build();

    assertThat(SnapshotExpiry.dueCutoff(history, NOW, HOUR)).hasValue(minutesAgo(70));
  }

  @Test
  void theNewestMinkSnapshotStaysThoughNewerSnapshotsOfOtherWritersAreOld() {
    SnapshotHistory history = new History().round(240).round(180).other(120).build();

    assertThat(SnapshotExpiry.dueCutoff(history, NOW, HOUR)).hasValue(minutesAgo(180));
  }

  @Test
  void anotherWritersSnapshotCurrentUntilAMomentAgoStaysWithTheRoundBelowIt() {
    SnapshotHistory history = new History().round(300).other(180).round(2).build();

    assertThat(SnapshotExpiry.staying(history, NOW, HOUR))
        .containsExactlyInAnyOrder(300L, 180L, 2L);
    assertThat(SnapshotExpiry.dueCutoff(history, NOW, HOUR)).isEmpty();
    assertThat(SnapshotExpiry.dueCutoff(history, NOW + minutes(59), HOUR)).hasValue(minutesAgo(2));
  }

  @Test
  void aSnapshotARollbackLeftStaysForTheRetentionAfterTheRollback() {
    SnapshotHistory rolledBack = new History()
        .round(240)
        .round(180)
        .round(120)
        .rollback(240, 30)
        .round(20)
        .build();

    assertThat(SnapshotExpiry.staying(rolledBack, NOW, HOUR))
        .containsExactlyInAnyOrder(240L, 120L, 20L);
    assertThat(SnapshotExpiry.dueCutoff(rolledBack, NOW, HOUR)).isEmpty();
    assertThat(SnapshotExpiry.dueCutoff(rolledBack, NOW + minutes(41), HOUR))
        .hasValue(minutesAgo(20));
  }

  @Test
  void aSnapshotCurrentAgainAfterARollbackStaysForTheRetentionFromWhenItStoppedAgain() {
    SnapshotHistory undone =
        new History().round(240).round(180).rollback(240, 50).rollback(180, 40).build();

    assertThat(SnapshotExpiry.dueCutoff(undone, NOW, HOUR)).isEmpty();
    assertThat(SnapshotExpiry.dueCutoff(undone, NOW + minutes(21), HOUR)).hasValue(minutesAgo(180));
  }

  @Test
  void snapshotsBeforeTheLogsFirstEntryStoppedBeingCurrentByThen() {
    SnapshotHistory trimmed =
        new History().outOfTheLog(300).outOfTheLog(240).round(200).round(10).build();

    assertThat(SnapshotExpiry.dueCutoff(trimmed, NOW, HOUR)).hasValue(minutesAgo(200));
  }

  @Test
  void expiryWaitsUntilATenthOfTheRetentionOfSnapshotsCanGo() {
    assertThat(SnapshotExpiry.dueCutoff(
            new History().round(62).round(61).round(10).build(), NOW, HOUR))
        .isEmpty();
    assertThat(SnapshotExpiry.dueCutoff(
            new History().round(68).round(62).round(61).round(10).build(), NOW, HOUR))
        .hasValue(minutesAgo(61));
  }

  @Test
  void aTableWithoutSnapshotsHasNothingToExpire() {
    assertThat(SnapshotExpiry.dueCutoff(new History().build(), NOW, HOUR)).isEmpty();
  }

  /** A table's snapshots, log and lineages, built oldest first. */
  private static final class History {
    private final Map<Long, Long> committed = new LinkedHashMap<>();
    private final Map<Long, Long> newestMink = new HashMap<>();
    private final List<BecameCurrent> log = new ArrayList<>();
    private Long current;

    /** A snapshot a round committed. */
    History round(int minutesAgo) {
      commit(minutesAgo, true);
      return current(minutesAgo, minutesAgo);
    }

    /** A snapshot another engine committed. */
    History other(int minutesAgo) {
      commit(minutesAgo, false);
      return current(minutesAgo, minutesAgo);
    }

    /** A round's snapshot whose log entry Iceberg dropped when it expired an older snapshot. */
    History outOfTheLog(int minutesAgo) {
      commit(minutesAgo, true);
      current = (long) minutesAgo;
      return this;
    }

    History rollback(int snapshot, int minutesAgo) {
      return current(snapshot, minutesAgo);
    }

    private void commit(long id, boolean round) {
      committed.put(id, minutesAgo((int) id));
      Long below = current == null ? null : newestMink.get(current);
      if (round) {
        newestMink.put(id, id);
      } else if (below != null) {
        newestMink.put(id, below);
      }
    }

    private History current(long snapshot, int minutesAgo) {
      current = snapshot;
      log.add(new BecameCurrent(snapshot, minutesAgo(minutesAgo)));
      return this;
    }

    SnapshotHistory build() {
      long oldest =
          committed.values().stream().mapToLong(Long::longValue).min().orElse(Long.MAX_VALUE);
      return new SnapshotHistory(
          committed,
          log,
          current == null ? OptionalLong.empty() : OptionalLong.of(current),
          newestMink,
          oldest);
    }
  }

  private static long minutes(int minutes) {
    return Duration.ofMinutes(minutes).toMillis();
  }

  private static long minutesAgo(int minutes) {
    return NOW - minutes(minutes);
  }
}
