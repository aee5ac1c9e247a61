package io.mink.indexer.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TableScheduleTest {
  private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
  private static final Duration FRESHNESS = Duration.ofMinutes(3);

  @Test
  void newTableIsDueAtOnce() {
    assertThat(TableSchedule.firstSeen(null, FRESHNESS, NOW).isDue(NOW)).isTrue();
  }

  @Test
  void tableTieredBeforeARestartIsDueOneFreshnessAfterItsLastSnapshot() {
    TableSchedule schedule = TableSchedule.firstSeen(NOW.minusSeconds(60), FRESHNESS, NOW);
    assertThat(schedule.nextDue()).isEqualTo(NOW.plusSeconds(120));
    assertThat(schedule.isDue(NOW)).isFalse();
  }

  @Test
  void nextRoundIsOneFreshnessAfterTheRoundFinished() {
    TableSchedule schedule = TableSchedule.firstSeen(null, FRESHNESS, NOW);
    schedule.tiered(NOW.plusSeconds(5), FRESHNESS, false);
    assertThat(schedule.nextDue()).isEqualTo(NOW.plusSeconds(5).plus(FRESHNESS));
  }

  @Test
  void forceFinishedRoundIsDueAgainAtOnce() {
    TableSchedule schedule = TableSchedule.firstSeen(null, FRESHNESS, NOW);
    schedule.tiered(NOW.plusSeconds(180), FRESHNESS, true);
    assertThat(schedule.nextDue()).isEqualTo(NOW.plusSeconds(180));
  }

  @Test
  void aShorterFreshnessBringsTheNextRoundForward() {
    TableSchedule schedule = TableSchedule.firstSeen(null, FRESHNESS, NOW);
    schedule.tiered(NOW, FRESHNESS, false);

    schedule.freshnessChanged(FRESHNESS, Duration.ofSeconds(10));

    assertThat(schedule.nextDue()).isEqualTo(NOW.plusSeconds(10));
  }

  @Test
  void aLongerFreshnessPutsTheNextRoundBack() {
    TableSchedule schedule = TableSchedule.firstSeen(null, FRESHNESS, NOW);
    schedule.tiered(NOW, FRESHNESS, false);

    schedule.freshnessChanged(FRESHNESS, Duration.ofMinutes(10));

    assertThat(schedule.nextDue()).isEqualTo(NOW.plus(Duration.ofMinutes(10)));
  }

  @Test
  void aTableBackingOffKeepsItsBackoffWhenTheFreshnessChanges() {
    TableSchedule schedule = TableSchedule.firstSeen(null, FRESHNESS, NOW);
    schedule.failed(NOW, FRESHNESS);

    schedule.freshnessChanged(FRESHNESS, Duration.ofSeconds(10));

    assertThat(schedule.nextDue()).isEqualTo(NOW.plusSeconds(1));
  }

  @Test
  void failedRoundsBackOffUpToTheFreshness() {
    TableSchedule schedule = TableSchedule.firstSeen(null, Duration.ofSeconds(5), NOW);
    schedule.failed(NOW, Duration.ofSeconds(5));
    assertThat(schedule.nextDue()).isEqualTo(NOW.plusSeconds(1));
    schedule.failed(NOW, Duration.ofSeconds(5));
    assertThat(schedule.nextDue()).isEqualTo(NOW.plusSeconds(2));
    schedule.failed(NOW, Duration.ofSeconds(5));
    assertThat(schedule.nextDue()).isEqualTo(NOW.plusSeconds(4));
    schedule.failed(NOW, Duration.ofSeconds(5));
    assertThat(schedule.nextDue()).isEqualTo(NOW.plusSeconds(5));
    assertThat(schedule.consecutiveFailures()).isEqualTo(4);
    schedule.tiered(NOW, Duration.ofSeconds(5), false);
    assertThat(schedule.consecutiveFailures()).isZero();
  }
}
