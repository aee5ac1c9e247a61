package io.mink.indexer.round;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.mink.indexer.stats.TableState;
import io.mink.indexer.stats.TableStatus;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Snapshot;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A round with nothing to read of a table whose accepted start fixes where each empty partition begins commits
 * nothing: the entry records the start, so every later round plans from it, rows included exactly once, and records
 * Kafka deletes past it still stop the table as a gap. A partition the accepted start does not name still has its
 * start committed, and a running sidecar shows the table on its schedule after the round that committed nothing.
 */
class AcceptedStartRoundIT {
  private static final Duration FRESHNESS = Duration.ofMinutes(3);

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private Warehouse warehouse;
  private InProcessSidecar sidecar;

  @BeforeEach
  void sidecar() {
    warehouse = Warehouse.create();
    sidecar = new InProcessSidecar(
        KAFKA.bootstrapServers(),
        warehouse.lakeSettings(),
        InProcessSidecar.uniqueTopic("_tables"));
  }

  @AfterEach
  void close() {
    sidecar.close();
    warehouse.close();
  }

  @Test
  void emptyPartitionsAtTheirAcceptedStartCommitNothingAndLaterRecordsStartThere() {
    String topic = InProcessSidecar.uniqueTopic("accepted");
    KAFKA.createTopic(topic, 2);
    produce(topic, 0, 5, "old");
    Map<Integer, Long> start = Map.of(0, 5L, 1, 0L);
    TableDescriptor table = sidecar.add(topic, FRESHNESS, startingAt(start));

    RoundResult first = sidecar.runRound(table);

    assertThat(first.committed()).isFalse();
    assertThat(first.offsets()).isEqualTo(LakeOffsets.of(start));
    assertThat(first.endsAtPlan())
        .as("every partition at its end as the round planned: its lag needs no other request")
        .isEqualTo(Map.of(0, 5L, 1, 0L));
    assertThat(sidecar.table(table).currentSnapshot()).isNull();
    assertThat(sidecar.runRound(table).committed()).isFalse();

    produce(topic, 0, 3, "new");
    produce(topic, 1, 2, "new");
    RoundResult second = sidecar.runRound(table);

    assertThat(second.committed()).isTrue();
    assertThat(second.endsAtPlan())
        .as("a round that read records asks for its lag after it")
        .isEmpty();
    assertThat(second.rows()).isEqualTo(5);
    assertThat(sidecar.offsets(table)).isEqualTo(LakeOffsets.of(Map.of(0, 8L, 1, 2L)));
    List<String> offsets = new ArrayList<>();
    sidecar.rowsByOffset(table).forEach(row -> offsets.add(InProcessSidecar.offsetKey(row)));
    assertThat(offsets).hasSize(5).doesNotHaveDuplicates();
    Snapshot snapshot = sidecar.table(table).currentSnapshot();
    assertThat(LakeOffsets.decode(snapshot.summary().get(MinkSnapshot.STARTED_PROPERTY)))
        .isEqualTo(LakeOffsets.of(start));
  }

  @Test
  void recordsKafkaDeletesPastAnUncommittedAcceptedStartAreAGap() throws Exception {
    String topic = InProcessSidecar.uniqueTopic("accepted-gap");
    KAFKA.createTopic(topic, 1);
    produce(topic, 0, 3, "old");
    TableDescriptor table = sidecar.add(topic, FRESHNESS, startingAt(Map.of(0, 3L)));
    assertThat(sidecar.runRound(table).committed()).isFalse();

    produce(topic, 0, 4, "new");
    KAFKA
        .admin()
        .deleteRecords(Map.of(new TopicPartition(topic, 0), RecordsToDelete.beforeOffset(5)))
        .all()
        .get();

    assertThatThrownBy(() -> sidecar.runRound(table))
        .isInstanceOfSatisfying(
            DataLossException.class,
            e -> assertThat(e.gaps()).containsExactly(new OffsetGap(0, 3, 5)));
    assertThat(sidecar.table(table).currentSnapshot()).isNull();
  }

  @Test
  void emptyPartitionTheAcceptedStartDoesNotNameHasItsStartCommitted() {
    String topic = InProcessSidecar.uniqueTopic("accepted-partial");
    KAFKA.createTopic(topic, 2);
    TableDescriptor table = sidecar.add(topic, FRESHNESS, startingAt(Map.of(0, 0L)));

    RoundResult first = sidecar.runRound(table);

    assertThat(first.committed()).isTrue();
    assertThat(sidecar.offsets(table)).isEqualTo(LakeOffsets.of(Map.of(0, 0L, 1, 0L)));
  }

  @Test
  void tableWhoseRoundCommittedNothingIsOnItsSchedule() {
    String topic = InProcessSidecar.uniqueTopic("accepted-status");
    KAFKA.createTopic(topic, 1);
    TableDescriptor table = sidecar.add(topic, FRESHNESS, startingAt(Map.of(0, 0L)));
    sidecar.start();

    TableStatus status = await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> sidecar.service.statusBoard().get(table.qualifiedName()).orElse(null),
            seen -> seen != null && seen.lastRound() != null);

    assertThat(status.error()).isNull();
    assertThat(status.state()).isIn(TableState.TIERED, TableState.SCHEDULED);
    assertThat(status.lastRound().committed()).isFalse();
    assertThat(status.lastTiered()).isNull();
    assertThat(status.nextDue())
        .isAfter(status.lastRound().finishedAt().plus(FRESHNESS).minusSeconds(1));
    assertThat(status.partitions()).singleElement().satisfies(partition -> {
      assertThat(partition.lakeOffset()).isZero();
      assertThat(partition.endOffset()).isZero();
      assertThat(partition.timeLag()).isEqualTo(Duration.ZERO);
    });
    assertThat(sidecar.table(table).currentSnapshot()).isNull();
  }

  private static Map<String, String> startingAt(Map<Integer, Long> offsets) {
    return Map.of(MinkTableLayout.START_OFFSETS_OPTION, LakeOffsets.of(offsets).encode());
  }

  private static void produce(String topic, int partition, int count, String prefix) {
    List<TestRecord> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      records.add(new TestRecord(
          partition,
          (prefix + i).getBytes(UTF_8),
          (prefix + " " + i).getBytes(UTF_8),
          List.of(),
          null));
    }
    KAFKA.produce(topic, records);
  }
}
