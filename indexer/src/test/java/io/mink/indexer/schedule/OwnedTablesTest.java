package io.mink.indexer.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.mink.indexer.round.DataLossException;
import io.mink.indexer.round.OffsetGap;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.stats.StatusBoard;
import io.mink.indexer.stats.TableState;
import io.mink.indexer.stats.TableStatus;
import io.mink.lake.LakeOffsets;
import io.mink.tables.Lifecycle;
import io.mink.tables.TableDescriptor;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.exceptions.ServiceUnavailableException;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What an instance owns, as its ownership, its workers and the table list change it; the board shows each step. */
class OwnedTablesTest {
  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");
  private static final int PARTITIONS = 4;
  private static final TableDescriptor ORDERS = table("orders");
  private static final int ORDERS_PARTITION =
      OwnedPartitions.partitionOf(ORDERS.qualifiedName(), PARTITIONS);

  private final MutableClock clock = new MutableClock();
  private final StatusBoard board = new StatusBoard();
  private final OwnedTables tables = new OwnedTables(
      new TieringSettings(
          2,
          1,
          1 << 20,
          Duration.ofSeconds(30),
          Duration.ofSeconds(30),
          Duration.ofSeconds(10),
          "mink",
          "_mink_owners"),
      board,
      "host:1:abc",
      clock,
      Map.of("bootstrap.servers", "kafka-1:9093"));
  private final ExecutorService threads = Executors.newCachedThreadPool();

  @AfterEach
  void stop() {
    threads.shutdownNow();
  }

  @Test
  void ownedTableIsScheduledAndTakenUnderAnEpochOfItsGeneration() {
    tables.assigned(Set.of(ORDERS_PARTITION), 3, PARTITIONS);
    assertThat(tables.takeRefreshRequest())
        .as("an assignment asks for the table list")
        .isTrue();

    assertThat(tables.reconcile(List.of(ORDERS))).containsExactly(ORDERS);
    tables.add(ORDERS, null);
    assertThat(status().state()).isEqualTo(TableState.PENDING);

    RoundLease lease = tables.take();
    assertThat(lease.epoch()).isEqualTo((3L << 32) + 1);
    assertThat(status()).satisfies(status -> {
      assertThat(status.state()).isEqualTo(TableState.TIERING);
      assertThat(status.owner()).isEqualTo("host:1:abc");
      assertThat(status.epoch()).isEqualTo(lease.epoch());
      assertThat(status.nextDue()).isNull();
      assertThat(status.stopped()).as("a table that tiers is not stopped").isFalse();
    });
  }

  @Test
  void tablesOfOtherInstancesAreNotScheduled() {
    tables.assigned(Set.of((ORDERS_PARTITION + 1) % PARTITIONS), 3, PARTITIONS);

    assertThat(tables.reconcile(List.of(ORDERS))).isEmpty();
    tables.add(ORDERS, null);
    assertThat(board.all()).isEmpty();
  }

  @Test
  void endedRoundShowsItsFiguresAndTheNextDueTime() {
    RoundLease lease = taken();
    clock.now = T0.plusSeconds(4);

    tables.roundEnded(
        lease,
        new RoundResult(
            ORDERS.qualifiedName(),
            true,
            42,
            LakeOffsets.of(Map.of(0, 10L)),
            10,
            10,
            1_000,
            1,
            Duration.ofSeconds(4),
            false,
            Map.of(),
            Map.of()),
        List.of());

    assertThat(status()).satisfies(status -> {
      assertThat(status.state()).isEqualTo(TableState.TIERED);
      assertThat(status.lastTiered()).isEqualTo(T0.plusSeconds(4));
      assertThat(status.nextDue()).isEqualTo(T0.plusSeconds(4).plus(ORDERS.freshness()));
      assertThat(status.lastRound().rows()).isEqualTo(10);
      assertThat(status.error()).isNull();
      assertThat(status.freshness()).isEqualTo(Duration.ofMinutes(3));
    });
  }

  @Test
  void aChangedFreshnessShowsInTheStatusAtOnce() {
    tables.assigned(Set.of(ORDERS_PARTITION), 1, PARTITIONS);
    tables.reconcile(List.of(ORDERS));
    tables.add(ORDERS, T0);
    assertThat(status().freshness()).isEqualTo(Duration.ofMinutes(3));
    clock.now = T0.plusSeconds(5);

    tables.reconcile(List.of(ORDERS.withFreshness(Duration.ofSeconds(30))));

    assertThat(status().freshness()).isEqualTo(Duration.ofSeconds(30));
    assertThat(status().nextDue()).isEqualTo(T0.plusSeconds(30));
    assertThat(status().updatedAt()).isEqualTo(T0.plusSeconds(5));
  }

  @Test
  void aGapStopsTheTableWithItsErrorAndGapsAndItIsNotRetried() {
    RoundLease lease = taken();

    tables.roundFailed(
        lease,
        new DataLossException(ORDERS.qualifiedName(), "orders", List.of(new OffsetGap(0, 5, 9))));

    assertThat(status().state()).isEqualTo(TableState.FAILED);
    assertThat(status().error())
        .startsWith("Table kafka.orders cannot go on: Kafka deleted records of topic orders");
    assertThat(status().gaps()).containsExactly(new TableStatus.Gap(0, 5, 9));
    assertThat(status().nextDue()).isNull();
    assertThat(status().stopped()).isTrue();
    clock.now = T0.plus(Duration.ofHours(1));
    assertThat(tables.advance()).isEqualTo(Instant.MAX);
    assertThat(status().state()).isEqualTo(TableState.FAILED);
  }

  @Test
  void aTableStoppedByAGapGoesOnOnceItsEntryChanges() {
    RoundLease lease = taken();
    tables.roundFailed(
        lease,
        new DataLossException(ORDERS.qualifiedName(), "orders", List.of(new OffsetGap(0, 5, 9))));
    clock.now = T0.plusSeconds(30);
    TableDescriptor resumed = ORDERS.withLifecycle(
        Lifecycle.indexing(clock.now, "resumed past partition 0 offsets [5, 9), accepted as lost"));

    assertThat(tables.reconcile(List.of(resumed))).isEmpty();

    assertThat(status().state()).isEqualTo(TableState.PENDING);
    assertThat(status().stopped()).isFalse();
    assertThat(tables.take().epoch()).isEqualTo(lease.epoch() + 1);
  }

  @Test
  void anOutageIsRetriedAfterTheBackoff() {
    RoundLease lease = taken();

    tables.roundFailed(lease, new ServiceUnavailableException("Cannot reach the catalog"));

    assertThat(status().state()).isEqualTo(TableState.FAILED);
    assertThat(status().error()).isEqualTo("Cannot reach the catalog");
    assertThat(status().nextDue()).isEqualTo(T0.plusSeconds(1));
    assertThat(status().stopped()).as("an outage is retried").isFalse();
  }

  @Test
  void aBugStopsTheTableUntilItIsResumed() {
    RoundLease lease = taken();

    tables.roundFailed(lease, new NullPointerException("row is null"));

    assertThat(status().state()).isEqualTo(TableState.FAILED);
    assertThat(status().nextDue()).isNull();
    assertThat(status().stopped()).isTrue();
    clock.now = T0.plus(Duration.ofHours(1));
    assertThat(tables.advance()).isEqualTo(Instant.MAX);
    assertThat(status().state()).isEqualTo(TableState.FAILED);
    TableDescriptor resumed =
        ORDERS.withLifecycle(Lifecycle.indexing(clock.now, "resumed by mink table resume"));
    assertThat(tables.reconcile(List.of(resumed))).isEmpty();
    assertThat(status().state()).isEqualTo(TableState.PENDING);
  }

  @Test
  void aTableMissingFromTheCatalogIsAConflictThatStopsIt() {
    RoundLease lease = taken();

    tables.roundFailed(lease, new NoSuchTableException("Table does not exist: kafka.orders"));

    assertThat(status().state()).isEqualTo(TableState.FAILED);
    assertThat(status().error()).isEqualTo("Table does not exist: kafka.orders");
    assertThat(status().nextDue()).isNull();
    assertThat(status().stopped()).isTrue();
  }

  @Test
  void revokedPartitionStopsTheRoundOfItsTableBeforeItIsHandedOver() throws Exception {
    RoundLease lease = taken();

    Future<?> revoking = threads.submit(() -> tables.revoked(Set.of(ORDERS_PARTITION)));
    await().forever().pollInterval(Duration.ofMillis(10)).until(lease::lost);
    assertThat(revoking).as("the revocation waits for the round to stop").isNotDone();
    assertThatThrownBy(lease::heartbeat)
        .isInstanceOf(LeaseLostException.class)
        .hasMessage("Round of table kafka.orders under epoch " + lease.epoch()
            + " stopped without committing: its ownership partition moved to another instance");
    assertThat(tables.isCurrent(lease)).isFalse();
    tables.roundLost(lease);
    lease.end();

    revoking.get(10, TimeUnit.SECONDS);
    assertThat(board.all()).as("the table is off this instance's board").isEmpty();
  }

  @Test
  void silentRoundIsTimedOutAndItsTableIsPendingAgain() {
    RoundLease lease = taken();
    clock.now = T0.plusSeconds(31);

    tables.advance();

    assertThat(lease.lost()).isTrue();
    assertThat(status().state()).isEqualTo(TableState.PENDING);
    assertThat(status().epoch()).isEqualTo(lease.epoch() + 1);
    assertThat(tables.take().epoch()).isEqualTo(lease.epoch() + 2);
  }

  @Test
  void stoppingStopsEveryRoundAndTakesNoMoreTables() throws Exception {
    RoundLease lease = taken();

    Future<?> stopping = threads.submit(tables::stop);
    await().forever().pollInterval(Duration.ofMillis(10)).until(lease::lost);
    lease.end();
    stopping.get(10, TimeUnit.SECONDS);

    assertThat(tables.take()).isNull();
    assertThat(board.all()).isEmpty();
  }

  @Test
  void firstRoundDueAtOnceStartsFromTheTableLoadedAtTakeover() {
    Table loaded = icebergTable();
    tables.assigned(Set.of(ORDERS_PARTITION), 1, PARTITIONS);
    tables.reconcile(List.of(ORDERS));
    tables.add(ORDERS, T0.minus(ORDERS.freshness()), loaded);

    assertThat(tables.loadedAtTakeover(ORDERS.qualifiedName())).containsSame(loaded);
    assertThat(tables.loadedAtTakeover(ORDERS.qualifiedName()))
        .as("only the first round starts from it")
        .isEmpty();
  }

  @Test
  void tableNotDueYetOrLetGoKeepsNoLoadedTable() {
    tables.assigned(Set.of(ORDERS_PARTITION), 1, PARTITIONS);
    tables.reconcile(List.of(ORDERS));
    tables.add(ORDERS, T0.minusSeconds(10), icebergTable());
    assertThat(tables.loadedAtTakeover(ORDERS.qualifiedName()))
        .as("tiered 10 s ago: its round is one freshness later, and loads the table then")
        .isEmpty();

    TableDescriptor events = table("events");
    int eventsPartition = OwnedPartitions.partitionOf(events.qualifiedName(), PARTITIONS);
    tables.assigned(Set.of(eventsPartition), 2, PARTITIONS);
    tables.reconcile(List.of(ORDERS, events));
    tables.add(events, null, icebergTable());
    tables.revoked(Set.of(eventsPartition));
    assertThat(tables.loadedAtTakeover(events.qualifiedName())).as("let go of").isEmpty();
  }

  private static Table icebergTable() {
    InMemoryCatalog catalog = new InMemoryCatalog();
    catalog.initialize("memory", Map.of());
    catalog.createNamespace(Namespace.of("kafka"));
    return catalog.createTable(
        TableIdentifier.of("kafka", "orders"),
        new Schema(Types.NestedField.required(1, "id", Types.LongType.get())));
  }

  private RoundLease taken() {
    tables.assigned(Set.of(ORDERS_PARTITION), 1, PARTITIONS);
    tables.reconcile(List.of(ORDERS));
    tables.add(ORDERS, null);
    return tables.take();
  }

  private TableStatus status() {
    return board.get(ORDERS.qualifiedName()).orElseThrow();
  }

  private static TableDescriptor table(String topic) {
    return new TableDescriptor("kafka", topic, topic, null, Duration.ofMinutes(3), Map.of(), T0);
  }

  /** A clock a test moves by hand. */
  private static final class MutableClock extends Clock {
    private volatile Instant now = T0;

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
