package io.mink.indexer.schedule;

import static io.mink.indexer.stats.TableState.FAILED;
import static io.mink.indexer.stats.TableState.PENDING;
import static io.mink.indexer.stats.TableState.SCHEDULED;
import static io.mink.indexer.stats.TableState.TIERED;
import static io.mink.indexer.stats.TableState.TIERING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.mink.indexer.stats.TableState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every transition of the schedule, with the time passed in. */
class TieringScheduleTest {
  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");
  private static final Duration FRESHNESS = Duration.ofMinutes(3);
  private static final Duration HEARTBEAT_TIMEOUT = Duration.ofSeconds(30);
  private static final long EPOCH_BASE = 7L << 32;

  private final TieringSchedule schedule = new TieringSchedule(HEARTBEAT_TIMEOUT);

  @Test
  void tableWithoutMinkSnapshotIsScheduledAndPendingAtOnce() {
    Transition added = schedule.add("kafka.orders", FRESHNESS, null, EPOCH_BASE, T0);

    assertThat(added)
        .isEqualTo(new Transition(
            "kafka.orders", null, SCHEDULED, EPOCH_BASE, T0, "no Mink snapshot yet: due at once"));
    assertThat(schedule.advance(T0))
        .extracting(Transition::from, Transition::to)
        .containsExactly(tuple(SCHEDULED, PENDING));
    assertThat(state("kafka.orders")).isEqualTo(PENDING);
  }

  @Test
  void tableTieredBeforeStaysScheduledUntilOneFreshnessAfterItsLastSnapshot() {
    schedule.add("kafka.orders", FRESHNESS, T0.minusSeconds(60), EPOCH_BASE, T0);

    assertThat(schedule.advance(T0.plusSeconds(119))).isEmpty();
    assertThat(schedule.nextWake()).contains(T0.plusSeconds(120));
    assertThat(schedule.advance(T0.plusSeconds(120)))
        .singleElement()
        .extracting(Transition::to)
        .isEqualTo(PENDING);
  }

  @Test
  void workerTakesThePendingTableUnderANewEpoch() {
    pending("kafka.orders");

    TieringSchedule.Taken taken = schedule.take(T0).orElseThrow();

    assertThat(taken.table()).isEqualTo("kafka.orders");
    assertThat(taken.epoch()).isEqualTo(EPOCH_BASE + 1);
    assertThat(taken.transition())
        .isEqualTo(new Transition(
            "kafka.orders", PENDING, TIERING, EPOCH_BASE + 1, T0, "taken by a worker"));
    assertThat(schedule.isCurrent("kafka.orders", EPOCH_BASE + 1)).isTrue();
    assertThat(schedule.take(T0)).as("a table tiering is not taken twice").isEmpty();
  }

  @Test
  void roundThatEndsGoesThroughTieredToScheduledOneFreshnessLater() {
    long epoch = tiering("kafka.orders");
    Instant end = T0.plusSeconds(20);

    List<Transition> transitions = schedule.tiered("kafka.orders", epoch, false, end);

    assertThat(transitions)
        .extracting(Transition::from, Transition::to)
        .containsExactly(tuple(TIERING, TIERED), tuple(TIERED, SCHEDULED));
    assertThat(schedule.get("kafka.orders").orElseThrow().nextDue()).isEqualTo(end.plus(FRESHNESS));
    assertThat(schedule.advance(end.plus(FRESHNESS).minusMillis(1))).isEmpty();
    assertThat(schedule.advance(end.plus(FRESHNESS)))
        .singleElement()
        .extracting(Transition::to)
        .isEqualTo(PENDING);
    assertThat(schedule.take(end.plus(FRESHNESS)).orElseThrow().epoch()).isEqualTo(epoch + 1);
  }

  @Test
  void roundThatFailsGoesThroughFailedToScheduledAfterTheBackoff() {
    long epoch = tiering("kafka.orders");

    List<Transition> first = schedule.failed("kafka.orders", epoch, "catalog down", T0);

    assertThat(first)
        .extracting(Transition::from, Transition::to)
        .containsExactly(tuple(TIERING, FAILED), tuple(FAILED, SCHEDULED));
    assertThat(first.get(0).reason()).isEqualTo("catalog down");
    assertThat(schedule.get("kafka.orders").orElseThrow().nextDue()).isEqualTo(T0.plusSeconds(1));

    schedule.advance(T0.plusSeconds(1));
    long second = schedule.take(T0.plusSeconds(1)).orElseThrow().epoch();
    schedule.failed("kafka.orders", second, "catalog down", T0.plusSeconds(1));
    assertThat(schedule.get("kafka.orders").orElseThrow().nextDue()).isEqualTo(T0.plusSeconds(3));
    assertThat(schedule.get("kafka.orders").orElseThrow().consecutiveFailures()).isEqualTo(2);
  }

  @Test
  void aRoundStoppedByAGapLeavesTheTableFailedAndNeverDueUntilResumed() {
    long epoch = tiering("kafka.orders");

    List<Transition> stopped = schedule.stopped(
        "kafka.orders",
        epoch,
        "Kafka deleted offsets [0, 5)",
        "mink table resume kafka.orders --accept-gap",
        T0);

    assertThat(stopped)
        .extracting(Transition::from, Transition::to)
        .containsExactly(tuple(TIERING, FAILED));
    assertThat(stopped.get(0).reason())
        .isEqualTo(
            "Kafka deleted offsets [0, 5); not retried until mink table resume kafka.orders --accept-gap");
    assertThat(schedule.get("kafka.orders").orElseThrow().nextDue()).isNull();
    assertThat(schedule.advance(T0.plus(Duration.ofDays(1)))).isEmpty();
    assertThat(schedule.nextWake()).isEmpty();

    Transition resumed =
        schedule.resume("kafka.orders", T0.plusSeconds(60), "resumed").orElseThrow();

    assertThat(resumed.to()).isEqualTo(SCHEDULED);
    assertThat(schedule.get("kafka.orders").orElseThrow().consecutiveFailures()).isZero();
    assertThat(schedule.advance(T0.plusSeconds(60)))
        .singleElement()
        .extracting(Transition::to)
        .isEqualTo(PENDING);
    assertThat(schedule.resume("kafka.orders", T0.plusSeconds(61), "again")).isEmpty();
  }

  @Test
  void forceFinishedRoundIsDueAgainAtOnce() {
    long epoch = tiering("kafka.orders");
    Instant deadline = T0.plus(FRESHNESS);

    schedule.tiered("kafka.orders", epoch, true, deadline);

    assertThat(schedule.advance(deadline))
        .singleElement()
        .extracting(Transition::to)
        .isEqualTo(PENDING);
  }

  @Test
  void heartbeatsKeepARoundCurrent() {
    long epoch = tiering("kafka.orders");

    for (int second = 10; second <= 120; second += 10) {
      assertThat(schedule.heartbeat("kafka.orders", epoch, T0.plusSeconds(second)))
          .isTrue();
      assertThat(schedule.advance(T0.plusSeconds(second + 5))).isEmpty();
    }
    assertThat(schedule.isCurrent("kafka.orders", epoch)).isTrue();
  }

  @Test
  void silentWorkerIsTimedOutAndItsTableIsPendingAgainUnderANewEpoch() {
    long epoch = tiering("kafka.orders");
    schedule.heartbeat("kafka.orders", epoch, T0.plusSeconds(10));

    assertThat(schedule.advance(T0.plusSeconds(40)))
        .as("30 s after the last beat")
        .isEmpty();
    assertThat(schedule.nextWake()).contains(T0.plusSeconds(40).plusMillis(1));
    List<Transition> timedOut = schedule.advance(T0.plusSeconds(41));

    assertThat(timedOut).singleElement().satisfies(transition -> {
      assertThat(transition.from()).isEqualTo(TIERING);
      assertThat(transition.to()).isEqualTo(PENDING);
      assertThat(transition.epoch()).isEqualTo(epoch + 1);
      assertThat(transition.reason())
          .isEqualTo(
              "no heartbeat from the worker of epoch " + epoch + " since " + T0.plusSeconds(10));
    });
    assertThat(schedule.isCurrent("kafka.orders", epoch))
        .as("the silent round may not commit")
        .isFalse();
    assertThat(schedule.heartbeat("kafka.orders", epoch, T0.plusSeconds(42))).isFalse();
    assertThat(schedule.tiered("kafka.orders", epoch, false, T0.plusSeconds(43)))
        .as("nor finish the table")
        .isEmpty();
    assertThat(state("kafka.orders")).isEqualTo(PENDING);
    assertThat(schedule.take(T0.plusSeconds(43)).orElseThrow().epoch()).isEqualTo(epoch + 2);
  }

  @Test
  void staleRoundCannotFailTheTableEither() {
    long epoch = tiering("kafka.orders");
    schedule.advance(T0.plus(HEARTBEAT_TIMEOUT).plusSeconds(1));
    long next =
        schedule.take(T0.plus(HEARTBEAT_TIMEOUT).plusSeconds(1)).orElseThrow().epoch();

    assertThat(schedule.failed("kafka.orders", epoch, "interrupted", T0.plusSeconds(60)))
        .isEmpty();
    assertThat(schedule.isCurrent("kafka.orders", next)).isTrue();
  }

  @Test
  void tableLetGoWhileTieringRefusesItsRound() {
    long epoch = tiering("kafka.orders");

    assertThat(schedule.remove(
            "kafka.orders", T0.plusSeconds(5), "its ownership partition moved to another instance"))
        .contains(new Transition(
            "kafka.orders",
            TIERING,
            null,
            epoch,
            T0.plusSeconds(5),
            "its ownership partition moved to another instance"));

    assertThat(schedule.isCurrent("kafka.orders", epoch)).isFalse();
    assertThat(schedule.heartbeat("kafka.orders", epoch, T0.plusSeconds(6))).isFalse();
    assertThat(schedule.tiered("kafka.orders", epoch, false, T0.plusSeconds(7))).isEmpty();
    assertThat(schedule.tables()).isEmpty();
  }

  @Test
  void tableOwnedAgainCountsItsEpochsFromTheNewGeneration() {
    long epoch = tiering("kafka.orders");
    schedule.remove("kafka.orders", T0, "moved");

    schedule.add("kafka.orders", FRESHNESS, null, 9L << 32, T0.plusSeconds(1));
    schedule.advance(T0.plusSeconds(1));

    long next = schedule.take(T0.plusSeconds(1)).orElseThrow().epoch();
    assertThat(next).isEqualTo((9L << 32) + 1).isGreaterThan(epoch);
  }

  @Test
  void pendingTablesAreTakenEarliestDueFirst() {
    schedule.add("kafka.c", FRESHNESS, T0.minus(FRESHNESS).plusSeconds(2), EPOCH_BASE, T0);
    schedule.add("kafka.a", FRESHNESS, T0.minus(FRESHNESS).plusSeconds(3), EPOCH_BASE, T0);
    schedule.add("kafka.b", FRESHNESS, T0.minus(FRESHNESS).plusSeconds(1), EPOCH_BASE, T0);
    schedule.advance(T0.plusSeconds(3));

    assertThat(List.of(take(T0.plusSeconds(3)), take(T0.plusSeconds(3)), take(T0.plusSeconds(3))))
        .containsExactly("kafka.b", "kafka.c", "kafka.a");
  }

  @Test
  void timedOutTableKeepsItsPlaceAtTheHeadOfTheQueue() {
    schedule.add("kafka.slow", FRESHNESS, null, EPOCH_BASE, T0);
    schedule.advance(T0);
    schedule.take(T0);
    schedule.add("kafka.fresh", FRESHNESS, null, EPOCH_BASE, T0.plusSeconds(20));

    schedule.advance(T0.plusSeconds(31));

    assertThat(take(T0.plusSeconds(31)))
        .as("due since T0, before kafka.fresh")
        .isEqualTo("kafka.slow");
  }

  @Test
  void tableDueEverySecondCannotStarveATableDueEveryMinute() {
    TieringSchedule busy = new TieringSchedule(HEARTBEAT_TIMEOUT);
    busy.add("kafka.second", Duration.ofSeconds(1), null, EPOCH_BASE, T0);
    busy.add("kafka.minute", Duration.ofMinutes(1), null, EPOCH_BASE, T0);
    Map<String, List<Instant>> starts =
        simulateOneWorker(busy, Duration.ofSeconds(2), Duration.ofMinutes(10));

    List<Instant> minute = starts.get("kafka.minute");
    assertThat(minute).hasSizeGreaterThanOrEqualTo(9);
    for (int i = 1; i < minute.size(); i++) {
      assertThat(Duration.between(minute.get(i - 1), minute.get(i)))
          .as("a minute table's rounds start one freshness and at most one other round apart")
          .isLessThanOrEqualTo(Duration.ofMinutes(1).plusSeconds(4));
    }
    assertThat(starts.get("kafka.second"))
        .as("and the busy table still gets every other turn")
        .hasSizeGreaterThan(180);
  }

  @Test
  void everyTableIsServedInTurnWhenTheyAreDueFasterThanOneWorkerCanTierThem() {
    TieringSchedule overloaded = new TieringSchedule(HEARTBEAT_TIMEOUT);
    for (String table : List.of("kafka.a", "kafka.b", "kafka.c", "kafka.d")) {
      overloaded.add(table, Duration.ofSeconds(1), null, EPOCH_BASE, T0);
    }
    Map<String, List<Instant>> starts =
        simulateOneWorker(overloaded, Duration.ofSeconds(5), Duration.ofMinutes(5));

    assertThat(starts.values()).allSatisfy(rounds -> assertThat(rounds).hasSizeBetween(14, 16));
  }

  @Test
  void scheduleRefusesATableTwiceAndANonPositiveTimeout() {
    schedule.add("kafka.orders", FRESHNESS, null, EPOCH_BASE, T0);
    assertThatThrownBy(() -> schedule.add("kafka.orders", FRESHNESS, null, EPOCH_BASE, T0))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Table kafka.orders is scheduled already");
    assertThatThrownBy(() -> new TieringSchedule(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("The heartbeat timeout must be positive: PT0S");
  }

  /** One worker taking the earliest due table whenever it is free; every round takes {@code round}. */
  private static Map<String, List<Instant>> simulateOneWorker(
      TieringSchedule schedule, Duration round, Duration length) {
    Map<String, List<Instant>> starts = new HashMap<>();
    Instant now = T0;
    while (now.isBefore(T0.plus(length))) {
      schedule.advance(now);
      var taken = schedule.take(now);
      if (taken.isEmpty()) {
        now = schedule.nextWake().orElseThrow();
        continue;
      }
      starts.computeIfAbsent(taken.get().table(), table -> new ArrayList<>()).add(now);
      now = now.plus(round);
      schedule.heartbeat(taken.get().table(), taken.get().epoch(), now);
      schedule.tiered(taken.get().table(), taken.get().epoch(), false, now);
    }
    return starts;
  }

  private void pending(String table) {
    schedule.add(table, FRESHNESS, null, EPOCH_BASE, T0);
    schedule.advance(T0);
  }

  private long tiering(String table) {
    pending(table);
    return schedule.take(T0).orElseThrow().epoch();
  }

  private String take(Instant now) {
    return schedule.take(now).orElseThrow().table();
  }

  private TableState state(String table) {
    return schedule.get(table).orElseThrow().state();
  }

  @Test
  void anAlteredFreshnessMovesTheDueTimeOfAScheduledTable() {
    schedule.add("kafka.orders", FRESHNESS, T0, EPOCH_BASE, T0);

    schedule.updateFreshness("kafka.orders", Duration.ofSeconds(10));

    assertThat(schedule.nextWake()).contains(T0.plusSeconds(10));
    assertThat(schedule.advance(T0.plusSeconds(10)))
        .extracting(Transition::from, Transition::to)
        .containsExactly(tuple(SCHEDULED, PENDING));
  }
}
