package io.mink.indexer.takeover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.ErrorCategories;
import io.mink.indexer.errors.ErrorCategory;
import io.mink.indexer.errors.MinkException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SinkBoundaryRuleTest {
  private static final String GROUP = "connect-iceberg-sink";
  private static final String TABLE = "connect.orders";
  private static final UUID FIRST = new UUID(0, 1);
  private static final UUID SECOND = new UUID(0, 2);
  private static final UUID THIRD = new UUID(0, 3);

  private final List<ControlEvent> events = new ArrayList<>();

  @Test
  void withNothingPendingTheGroupOffsetsAreTheBoundary() {
    transaction(0, 0, "a", FIRST, Map.of(0, 100L, 1, 50L));
    transaction(0, 3, "a", SECOND, Map.of(0, 200L, 1, 90L));

    SinkBoundary boundary = resolve(Map.of(0, 6L), Map.of(0, 0L), Map.of(0, 200L, 1, 90L));

    assertThat(boundary.firstOffsets()).containsExactly(Map.entry(0, 200L), Map.entry(1, 90L));
    assertThat(boundary.pendingTransactions()).isZero();
  }

  @Test
  void aPendingTransactionEndsThePartitionWhereTheOneBeforeItEnded() {
    transaction(0, 0, "a", FIRST, Map.of(0, 100L, 1, 50L));
    transaction(0, 3, "a", SECOND, Map.of(0, 200L, 1, 90L));
    // the group committed the pending transaction's offsets with its data
    SinkBoundary boundary = resolve(Map.of(0, 3L), Map.of(0, 0L), Map.of(0, 200L, 1, 90L));

    assertThat(boundary.firstOffsets()).containsExactly(Map.entry(0, 100L), Map.entry(1, 50L));
    assertThat(boundary.pendingTransactions()).isEqualTo(1);
  }

  @Test
  void aPartitionThePendingTransactionDidNotReadKeepsItsGroupOffset() {
    transaction(0, 0, "a", FIRST, Map.of(0, 100L, 1, 50L));
    // partition 1 had nothing new when the second commit was requested: its offset is null
    transaction(0, 3, "a", SECOND, Map.of(0, 200L));

    SinkBoundary boundary = resolve(Map.of(0, 3L), Map.of(0, 0L), Map.of(0, 200L, 1, 50L));

    assertThat(boundary.firstOffsets()).containsExactly(Map.entry(0, 100L), Map.entry(1, 50L));
  }

  @Test
  void interleavedWorkersAreToldApartByTheirProducerKeys() {
    // worker a reads partition 0, worker b partition 1; their transactions interleave on control
    // partition 0
    events.add(written(0, 0, "a", FIRST, 10));
    events.add(written(0, 1, "b", FIRST, 10));
    events.add(complete(0, 2, "a", FIRST, Map.of(0, 100L)));
    events.add(complete(0, 3, "b", FIRST, Map.of(1, 40L)));
    events.add(ControlEvent.other(0, 4, "coordinator", GROUP));
    events.add(written(0, 5, "b", SECOND, 10));
    events.add(written(0, 6, "a", SECOND, 10));
    events.add(complete(0, 7, "b", SECOND, Map.of(1, 80L)));
    events.add(complete(0, 8, "a", SECOND, Map.of(0, 150L)));

    // the last commit consumed up to b's DataWritten at 5: b's second transaction is in, a's is not
    SinkBoundary boundary = resolve(Map.of(0, 6L), Map.of(0, 0L), Map.of(0, 150L, 1, 80L));

    assertThat(boundary.firstOffsets()).containsExactly(Map.entry(0, 100L), Map.entry(1, 80L));
    assertThat(boundary.pendingTransactions()).isEqualTo(1);
  }

  @Test
  void transactionsOnSeveralControlPartitionsAreOrderedBySourceOffsets() {
    // partition 0 moved from worker a (control partition 0) to worker b (control partition 1)
    transaction(0, 0, "a", FIRST, Map.of(0, 100L));
    transaction(1, 0, "b", SECOND, Map.of(0, 180L));
    transaction(1, 2, "b", THIRD, Map.of(0, 260L));

    SinkBoundary boundary = resolve(Map.of(0, 2L, 1, 2L), Map.of(0, 0L, 1, 0L), Map.of(0, 260L));

    assertThat(boundary.firstOffsets()).containsExactly(Map.entry(0, 180L));
  }

  @Test
  void eventsOfOtherGroupsAndTablesAndEmptyFilesAreNotPending() {
    events.add(written(0, 0, "a", FIRST, 10));
    events.add(complete(0, 1, "a", FIRST, Map.of(0, 100L)));
    events.add(ControlEvent.dataWritten(0, 2, "x", "connect-other", SECOND, TABLE, 10));
    events.add(ControlEvent.dataComplete(0, 3, "x", "connect-other", SECOND, Map.of(0, 999L)));
    events.add(ControlEvent.dataWritten(0, 4, "a", GROUP, SECOND, "connect.other_table", 10));
    events.add(written(0, 5, "a", SECOND, 0));
    events.add(complete(0, 6, "a", SECOND, Map.of(0, 120L)));

    SinkBoundary boundary = resolve(Map.of(0, 2L), Map.of(0, 0L), Map.of(0, 120L));

    assertThat(boundary.firstOffsets()).containsExactly(Map.entry(0, 120L));
    assertThat(boundary.pendingTransactions()).isZero();
  }

  @Test
  void aControlPartitionTheCommitDidNotRecordHoldsOnlyPendingData() {
    transaction(0, 0, "a", FIRST, Map.of(0, 100L));
    transaction(1, 0, "b", SECOND, Map.of(0, 150L));

    SinkBoundary boundary = resolve(Map.of(0, 2L), Map.of(0, 0L, 1, 0L), Map.of(0, 150L));

    assertThat(boundary.firstOffsets()).containsExactly(Map.entry(0, 100L));
  }

  @Test
  void aPartitionTheSinkNeverReadIsLeftToTheLogStart() {
    transaction(0, 0, "a", FIRST, Map.of(0, 100L));

    SinkBoundary boundary = resolve(Map.of(0, 2L), Map.of(0, 0L), Map.of(0, 100L));

    assertThat(boundary.firstOffsets()).containsExactly(Map.entry(0, 100L));
  }

  @Test
  void groupOffsetsOfTransactionsRetentionDeletedAreTheBoundary() {
    transaction(0, 10, "a", SECOND, Map.of(0, 200L));

    SinkBoundary boundary = resolve(Map.of(0, 12L), Map.of(0, 10L), Map.of(0, 200L, 1, 70L));

    assertThat(boundary.firstOffsets()).containsExactly(Map.entry(0, 200L), Map.entry(1, 70L));
  }

  @Test
  void controlEventsRetentionDeletedPastTheRecordedPositionsAreRefused() {
    transaction(0, 10, "a", SECOND, Map.of(0, 200L));

    assertRefused(
        Map.of(0, 8L),
        Map.of(0, 10L),
        Map.of(0, 200L),
        "The control topic control-iceberg no longer holds partition 0 from offset 8 on (its log starts at 10),"
            + " where the sink's last commit to connect.orders stopped reading: Mink cannot tell which written"
            + " data that commit left out: " + SinkBoundaryRule.RUN_A_COMMIT);
  }

  @Test
  void aCommitThatTookPartOfATransactionIsRefused() {
    events.add(written(0, 0, "a", FIRST, 10));
    events.add(written(0, 1, "a", FIRST, 10));
    events.add(complete(0, 2, "a", FIRST, Map.of(0, 100L)));

    assertRefused(
        Map.of(0, 1L),
        Map.of(0, 0L),
        Map.of(0, 100L),
        "The sink's last commit to connect.orders took part of the data files of commit " + FIRST
            + " of producer a, control partition 0 up to offset 2 and left the rest, so no offset per partition"
            + " separates what the table holds: " + SinkBoundaryRule.RUN_A_COMMIT);
  }

  @Test
  void committedDataAfterPendingDataIsRefused() {
    transaction(0, 0, "a", FIRST, Map.of(0, 100L));
    transaction(0, 2, "a", SECOND, Map.of(0, 150L));
    transaction(1, 0, "b", THIRD, Map.of(0, 220L));

    assertRefused(
        Map.of(0, 2L, 1, 2L),
        Map.of(0, 0L, 1, 0L),
        Map.of(0, 220L),
        "The sink's table connect.orders holds the data of partition 0 up to offset 220 (commit "
            + THIRD
            + " of producer b, control partition 1 up to offset 1) but not the data before it (commit "
            + SECOND
            + " of producer a, control partition 0 up to offset 3): Mink cannot start the partition at"
            + " one offset: " + SinkBoundaryRule.RUN_A_COMMIT);
  }

  @Test
  void aPendingFirstTransactionOfAPartitionIsRefused() {
    transaction(0, 0, "a", FIRST, Map.of(0, 100L));
    transaction(0, 2, "a", SECOND, Map.of(0, 150L, 1, 30L));

    assertRefused(
        Map.of(0, 2L),
        Map.of(0, 0L),
        Map.of(0, 150L, 1, 30L),
        "The sink wrote data of partition 1 of topic orders (commit " + SECOND
            + " of producer a, control"
            + " partition 0 up to offset 3) that its last commit to connect.orders left out, and it had"
            + " committed no earlier data of the partition, so where that data starts is not known: "
            + SinkBoundaryRule.RUN_A_COMMIT);
  }

  @Test
  void aPendingTransactionWhoseStartRetentionDeletedIsRefused() {
    // the first events on the partition at 10 may be the end of a transaction that began before 10
    events.add(written(0, 10, "a", FIRST, 10));
    events.add(complete(0, 11, "a", FIRST, Map.of(0, 100L)));

    assertRefused(
        Map.of(0, 10L),
        Map.of(0, 10L),
        Map.of(0, 100L),
        "The control topic control-iceberg lost the start of commit " + FIRST
            + " of producer a, control"
            + " partition 0 up to offset 11 to retention, and its data is not all in connect.orders: Mink cannot"
            + " tell whether the sink's last commit took part of it: "
            + SinkBoundaryRule.RUN_A_COMMIT);
  }

  @Test
  void groupOffsetsBehindTheCommittedTransactionsAreRefused() {
    transaction(0, 0, "a", FIRST, Map.of(0, 100L));

    assertThatThrownBy(() -> resolve(Map.of(0, 2L), Map.of(0, 0L), Map.of(0, 40L)))
        .isInstanceOf(MinkException.class)
        .hasMessage(
            "The Connect group connect-iceberg-sink's committed offset of partition 0 of topic orders is"
                + " 40, behind offset 100 that the sink's commit " + FIRST
                + " of producer a, control partition 0 up"
                + " to offset 1 committed with its data: the group's offsets were changed after the sink wrote, so"
                + " they do not say where connect.orders ends. Add the table with --from at the offsets you know the"
                + " table ends at");
  }

  @Test
  void aDataWrittenOfAnotherCommitInOneTransactionIsRefused() {
    events.add(written(0, 0, "a", FIRST, 10));
    events.add(complete(0, 1, "a", SECOND, Map.of(0, 100L)));

    assertThatThrownBy(() -> resolve(Map.of(0, 2L), Map.of(0, 0L), Map.of(0, 100L)))
        .isInstanceOf(MinkException.class)
        .hasMessageStartingWith(
            "The control topic's partition 0 holds DataWritten of commit " + FIRST
                + " at offset 0 in a transaction that completes commit " + SECOND + " at offset 1");
  }

  @Test
  void theTablesFilesConfirmWhatThePositionsSay() {
    transaction(0, 0, "a", FIRST, Map.of(0, 100L));
    transaction(0, 2, "a", SECOND, Map.of(0, 150L));

    SinkBoundary boundary =
        resolve(Map.of(0, 2L), Map.of(0, 0L), Map.of(0, 150L), Optional.of(Set.of("0/0.parquet")));

    assertThat(boundary.firstOffsets()).containsExactly(Map.entry(0, 100L));
  }

  @Test
  void committedPositionsWhoseFilesNeverReachedTheTableAreLostRecords() {
    // a coordinator that had never committed restarted at the control topic's end and skipped the
    // first transaction
    transaction(0, 0, "a", FIRST, Map.of(0, 100L));
    transaction(0, 2, "b", SECOND, Map.of(0, 150L));

    assertThatThrownBy(() -> resolve(
            Map.of(0, 4L), Map.of(0, 0L), Map.of(0, 150L), Optional.of(Set.of("0/2.parquet"))))
        .isInstanceOf(MinkException.class)
        .hasMessage("The sink's coordinator had read past commit " + FIRST
            + " of producer a, control partition 0"
            + " up to offset 1, and the Connect group counts its records as written, but 1 of its files never"
            + " reached connect.orders: the sink lost those records, and no start offset per partition gives them"
            + " back without repeating records the table holds. Add the table with --from at the offsets to read"
            + " again, accepting those duplicates, or without --after-connect-sink");
  }

  private void transaction(
      int controlPartition,
      long position,
      String producer,
      UUID commit,
      Map<Integer, Long> offsets) {
    events.add(written(controlPartition, position, producer, commit, 10));
    events.add(complete(controlPartition, position + 1, producer, commit, offsets));
  }

  private static ControlEvent written(
      int controlPartition, long position, String producer, UUID commit, long rows) {
    return ControlEvent.dataWritten(
        controlPartition, position, producer, GROUP, commit, TABLE, rows);
  }

  private static ControlEvent complete(
      int controlPartition,
      long position,
      String producer,
      UUID commit,
      Map<Integer, Long> offsets) {
    return ControlEvent.dataComplete(controlPartition, position, producer, GROUP, commit, offsets);
  }

  private SinkBoundary resolve(
      Map<Integer, Long> recorded, Map<Integer, Long> logStarts, Map<Integer, Long> group) {
    return resolve(recorded, logStarts, group, Optional.empty());
  }

  private SinkBoundary resolve(
      Map<Integer, Long> recorded,
      Map<Integer, Long> logStarts,
      Map<Integer, Long> group,
      Optional<Set<String>> tableFiles) {
    return SinkBoundaryRule.resolve(new SinkState(
        TABLE,
        "orders",
        GROUP,
        "control-iceberg",
        Set.of(0, 1, 2),
        recorded,
        logStarts,
        SinkTransactions.of(events, GROUP, TABLE, logStarts),
        group,
        tableFiles));
  }

  private void assertRefused(
      Map<Integer, Long> recorded,
      Map<Integer, Long> logStarts,
      Map<Integer, Long> group,
      String message) {
    assertThatThrownBy(() -> resolve(recorded, logStarts, group))
        .isInstanceOf(MinkException.class)
        .hasMessage(message)
        .satisfies(e -> assertThat(ErrorCategories.of(e)).isEqualTo(ErrorCategory.CONFLICT));
  }
}
