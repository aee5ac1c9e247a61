package io.mink.indexer.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.stats.TableState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The schedule's ordered views of its tables against what every table's own slot says: over a seeded random walk of
 * adds, freshness changes, takes, heartbeats, ends, failures, gaps, resumes and removals, each step's {@code advance},
 * {@code take}, {@code nextWake} and {@code hasPending} agree with a scan of all the slots.
 */
class TieringScheduleOrderTest {
  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");
  private static final Duration HEARTBEAT_TIMEOUT = Duration.ofSeconds(30);

  private final TieringSchedule schedule = new TieringSchedule(HEARTBEAT_TIMEOUT);
  private final Map<String, Long> running = new HashMap<>();

  @Test
  void orderedViewsAgreeWithEveryTablesSlotOverARandomWalk() {
    for (long seed = 1; seed <= 20; seed++) {
      walk(new Random(seed), seed);
    }
  }

  private void walk(Random random, long seed) {
    Instant now = T0;
    for (String table : List.copyOf(schedule.tables())) {
      schedule.remove(table, now, "next walk");
    }
    running.clear();
    for (int step = 0; step < 2_000; step++) {
      now = now.plusMillis(random.nextInt(20_000));
      String table = "kafka.t" + random.nextInt(60);
      Optional<TieringSchedule.TableSlot> slot = schedule.get(table);
      int action = random.nextInt(10);
      if (slot.isEmpty()) {
        Instant lastTiered = random.nextBoolean() ? null : now.minusSeconds(random.nextInt(400));
        schedule.add(
            table, Duration.ofSeconds(30 + random.nextInt(300)), lastTiered, seed << 32, now);
      } else if (action == 0) {
        schedule.remove(table, now, "let go");
        running.remove(table);
      } else if (action == 1) {
        schedule.updateFreshness(table, Duration.ofSeconds(30 + random.nextInt(300)));
      } else if (action == 2 && running.containsKey(table)) {
        schedule.heartbeat(table, running.get(table), now);
      } else if (action == 3 && running.containsKey(table)) {
        schedule.tiered(table, running.remove(table), random.nextInt(5) == 0, now);
      } else if (action == 4 && running.containsKey(table)) {
        schedule.failed(table, running.remove(table), "outage", now);
      } else if (action == 5 && running.containsKey(table)) {
        schedule.stopped(table, running.remove(table), "gap", "mink table resume", now);
      } else if (action == 6) {
        schedule.resume(table, now, "resumed");
      }
      checkAdvance(now);
      if (random.nextInt(3) == 0) {
        checkTake(now);
      }
      checkWakeAndPending();
    }
  }

  private List<TieringSchedule.TableSlot> slots() {
    List<TieringSchedule.TableSlot> slots = new ArrayList<>();
    schedule.tables().forEach(table -> slots.add(schedule.get(table).orElseThrow()));
    return slots;
  }

  private void checkAdvance(Instant now) {
    List<String> expected = slots().stream()
        .filter(slot -> (slot.state() == TableState.SCHEDULED && !slot.nextDue().isAfter(now))
            || (slot.state() == TableState.TIERING
                && slot.lastHeartbeat().plus(HEARTBEAT_TIMEOUT).isBefore(now)))
        .map(TieringSchedule.TableSlot::table)
        .sorted()
        .toList();
    List<Transition> moved = schedule.advance(now);
    assertThat(moved).extracting(Transition::table).containsExactlyElementsOf(expected);
    assertThat(moved).allMatch(transition -> transition.to() == TableState.PENDING);
    moved.forEach(transition -> running.remove(transition.table()));
  }

  private void checkTake(Instant now) {
    Optional<String> expected = slots().stream()
        .filter(slot -> slot.state() == TableState.PENDING)
        .min(Comparator.comparing(TieringSchedule.TableSlot::nextDue)
            .thenComparing(TieringSchedule.TableSlot::table))
        .map(TieringSchedule.TableSlot::table);
    Optional<TieringSchedule.Taken> taken = schedule.take(now);
    assertThat(taken.map(TieringSchedule.Taken::table)).isEqualTo(expected);
    taken.ifPresent(take -> running.put(take.table(), take.epoch()));
  }

  private void checkWakeAndPending() {
    Optional<Instant> expected = slots().stream()
        .map(slot -> slot.state() == TableState.SCHEDULED
            ? slot.nextDue()
            : slot.state() == TableState.TIERING
                ? slot.lastHeartbeat().plus(HEARTBEAT_TIMEOUT).plusMillis(1)
                : null)
        .filter(at -> at != null)
        .min(Comparator.naturalOrder());
    assertThat(schedule.nextWake()).isEqualTo(expected);
    assertThat(schedule.hasPending())
        .isEqualTo(slots().stream().anyMatch(slot -> slot.state() == TableState.PENDING));
  }
}
