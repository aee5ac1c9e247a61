package io.mink.indexer.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.lake.commit.RoundCommit;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.Warehouse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A round commits only while its epoch is current, checked right before the catalog swap. */
class EpochFenceTest {
  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");
  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final TableDescriptor ORDERS =
      new TableDescriptor("kafka", "orders", "orders", null, Duration.ofMinutes(3), Map.of(), T0);

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  private final TieringSchedule schedule = new TieringSchedule(TIMEOUT);
  private final AtomicLong nanos = new AtomicLong();
  private Instant now = T0;
  private Table table;

  @BeforeEach
  void createTable() {
    table = new LakeTables(warehouse.catalog())
        .create(
            TableIdentifier.of("kafka", "orders"),
            MinkTableLayout.properties("orders", null, 1024 * 1024, Map.of()));
    schedule.add(ORDERS.qualifiedName(), ORDERS.freshness(), null, 0, now);
    schedule.advance(now);
  }

  @Test
  void roundOfTheCurrentEpochCommits() {
    RoundLease lease = take();

    commit(lease, LakeOffsets.NONE, Map.of(0, 5L));

    assertThat(offsets()).isEqualTo(LakeOffsets.of(Map.of(0, 5L)));
  }

  @Test
  void roundOfATimedOutWorkerIsRefusedRightBeforeTheCatalogSwap() {
    RoundLease silent = take();
    now = now.plus(TIMEOUT).plusSeconds(1);
    schedule.advance(now);

    assertThatThrownBy(() -> commit(silent, LakeOffsets.NONE, Map.of(0, 5L)))
        .isInstanceOf(LeaseLostException.class)
        .hasMessage(
            "Round of table kafka.orders under epoch 1 stopped without committing: its epoch is no longer "
                + "current");
    assertThat(offsets()).isEqualTo(LakeOffsets.NONE);

    RoundLease next = take();
    assertThat(next.epoch()).isEqualTo(3);
    commit(next, LakeOffsets.NONE, Map.of(0, 7L));
    assertThat(offsets()).isEqualTo(LakeOffsets.of(Map.of(0, 7L)));
  }

  @Test
  void roundWhoseTableMovedAwayIsRefusedAndStopsAtItsNextHeartbeat() {
    RoundLease lease = take();
    schedule.remove(ORDERS.qualifiedName(), now, "moved");
    lease.lose("its ownership partition moved to another instance");

    assertThatThrownBy(lease::heartbeat)
        .isInstanceOf(LeaseLostException.class)
        .hasMessage(
            "Round of table kafka.orders under epoch 1 stopped without committing: its ownership partition "
                + "moved to another instance");
    assertThatThrownBy(() -> commit(lease, LakeOffsets.NONE, Map.of(0, 5L)))
        .isInstanceOf(LeaseLostException.class);
    assertThat(offsets()).isEqualTo(LakeOffsets.NONE);
  }

  @Test
  void heartbeatReportsOncePerIntervalAndStopsTheRoundOnceItsEpochIsStale() {
    RoundLease lease = take();
    nanos.addAndGet(Duration.ofSeconds(9).toNanos());
    now = now.plusSeconds(9);
    lease.heartbeat();
    assertThat(schedule.get(ORDERS.qualifiedName()).orElseThrow().lastHeartbeat())
        .as("not yet")
        .isEqualTo(T0);

    nanos.addAndGet(Duration.ofSeconds(1).toNanos());
    now = now.plusSeconds(1);
    lease.heartbeat();
    assertThat(schedule.get(ORDERS.qualifiedName()).orElseThrow().lastHeartbeat())
        .isEqualTo(T0.plusSeconds(10));

    now = now.plus(TIMEOUT).plusSeconds(1);
    schedule.advance(now);
    nanos.addAndGet(Duration.ofSeconds(10).toNanos());
    assertThatThrownBy(lease::heartbeat).isInstanceOf(LeaseLostException.class);
  }

  @Test
  void takingTheTableAwayWaitsForACatalogSwapInFlight() throws Exception {
    RoundLease lease = take();
    CountDownLatch swapping = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CommitHook slowSwap = new CommitHook() {
      @Override
      public void beforeCatalogSwap(String name) {
        swapping.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    };
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      Future<?> committing = threads.submit(() -> new LakeCommitter(new EpochFence(lease, slowSwap))
          .commit(table, commitOf(LakeOffsets.NONE, Map.of(0, 5L))));
      assertThat(swapping.await(30, TimeUnit.SECONDS)).isTrue();

      schedule.remove(ORDERS.qualifiedName(), now, "moved");
      lease.lose("moved");
      Future<Boolean> revoking = threads.submit(() -> lease.awaitStopped(Duration.ZERO));
      Thread.sleep(200);
      assertThat(revoking).as("the revocation waits while the swap runs").isNotDone();

      release.countDown();
      committing.get(30, TimeUnit.SECONDS);
      revoking.get(30, TimeUnit.SECONDS);
      assertThat(offsets())
          .as("a swap that began while the epoch was current completes")
          .isEqualTo(LakeOffsets.of(Map.of(0, 5L)));
      assertThatThrownBy(() -> commit(lease, LakeOffsets.of(Map.of(0, 5L)), Map.of(0, 9L)))
          .as("and no swap starts after it")
          .isInstanceOf(LeaseLostException.class);
    } finally {
      threads.shutdownNow();
    }
  }

  private RoundLease take() {
    TieringSchedule.Taken taken = schedule.take(now).orElseThrow();
    return new RoundLease(
        ORDERS,
        taken.epoch(),
        new RoundLease.Holder() {
          @Override
          public boolean heartbeat(RoundLease lease) {
            return schedule.heartbeat(lease.table(), lease.epoch(), now);
          }

          @Override
          public boolean isCurrent(RoundLease lease) {
            return schedule.isCurrent(lease.table(), lease.epoch());
          }
        },
        Duration.ofSeconds(10),
        nanos::get);
  }

  private void commit(RoundLease lease, LakeOffsets from, Map<Integer, Long> to) {
    new LakeCommitter(new EpochFence(lease, CommitHook.NONE)).commit(table, commitOf(from, to));
  }

  private static RoundCommit commitOf(LakeOffsets from, Map<Integer, Long> to) {
    return new RoundCommit(
        UUID.randomUUID().toString(), from, from.advancedTo(to), List.of(), Map.of());
  }

  private LakeOffsets offsets() {
    table.refresh();
    return MinkSnapshot.newest(table).map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
  }
}
