package io.mink.indexer.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.stats.TableStatus;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.LakeOffsets;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecords;
import io.mink.testkit.Warehouse;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Supplier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Three tiering services on one broker share six tables through the ownership group: each table has
 * exactly one owner, the tables spread over the instances, and the tables of an instance that leaves
 * move to the others within the session timeout, with every offset indexed exactly once.
 */
class ScaleOutIT {
  private static final int OWNER_PARTITIONS = 6;
  private static final Duration SESSION_TIMEOUT = Duration.ofSeconds(2);
  private static final Duration WAIT = Duration.ofSeconds(60);

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  private final String suffix = UUID.randomUUID().toString().substring(0, 8);
  private final String ownersTopic = "_owners-" + suffix;
  private final String tablesTopic = "_tables-" + suffix;
  private final Map<String, Integer> produced = new TreeMap<>();

  @Test
  void instancesShareTheTablesAndTakeOverTheTablesOfOneThatLeaves() throws Exception {
    KAFKA.createTopic(ownersTopic, OWNER_PARTITIONS);
    List<String> topics = topicsOnEveryOwnerPartition();
    for (String topic : topics) {
      KAFKA.createTopic(topic, 2);
      produce(topic, 300);
    }
    List<InProcessSidecar> sidecars = new ArrayList<>();
    try {
      for (int i = 0; i < 3; i++) {
        sidecars.add(newSidecar());
      }
      Map<String, TableDescriptor> tables = new TreeMap<>();
      for (String topic : topics) {
        TableDescriptor table = sidecars.get(0).addNew(topic, null, Duration.ofMillis(500));
        tables.put(table.qualifiedName(), table);
      }

      Map<String, InProcessSidecar> owners = await(
          "each of the 6 tables owned by exactly one of 3 instances, 2 each",
          () -> owners(sidecars, tables.keySet(), 2));
      awaitCaughtUp(sidecars.get(0), tables.values());
      await(
          "every status showing a committed round and no lag",
          () -> caughtUpStatuses(sidecars) ? true : null);
      for (InProcessSidecar sidecar : sidecars) {
        for (TableStatus status : sidecar.service.statusBoard().all()) {
          assertThat(status.owner()).isEqualTo(sidecar.service.instanceId());
          assertThat(status.epoch() >>> 32)
              .as("epochs count from the ownership generation")
              .isPositive();
        }
      }

      InProcessSidecar leaving = owners.values().iterator().next();
      Map<String, Long> epochsBefore = epochs(sidecars);
      Set<String> moving = leaving.tables();
      sidecars.remove(leaving);
      long left = System.nanoTime();
      leaving.close();
      Map<String, InProcessSidecar> after = await(
          "the leaving instance's tables owned by the other two",
          () -> owners(sidecars, tables.keySet(), 3));
      Duration moved = Duration.ofNanos(System.nanoTime() - left);
      System.out.printf("scale-out: tables %s moved in %d ms%n", moving, moved.toMillis());
      assertThat(moved).isLessThan(SESSION_TIMEOUT.plusSeconds(3));
      assertThat(Set.copyOf(after.values())).hasSize(2);
      for (String table : moving) {
        long epoch =
            after.get(table).service.statusBoard().get(table).orElseThrow().epoch();
        assertThat(epoch)
            .as("a moved table's epoch is above any of its old owner's")
            .isGreaterThan(epochsBefore.get(table));
      }

      for (String topic : topics) {
        produce(topic, 200);
      }
      awaitCaughtUp(sidecars.get(0), tables.values());
      for (TableDescriptor table : tables.values()) {
        assertExactlyOneRowPerOffset(sidecars.get(0), table);
      }
    } finally {
      sidecars.forEach(InProcessSidecar::close);
    }
  }

  /** Six topics whose tables fall on six different partitions of the ownership topic. */
  private List<String> topicsOnEveryOwnerPartition() {
    Map<Integer, String> byPartition = new TreeMap<>();
    for (int i = 0; byPartition.size() < OWNER_PARTITIONS; i++) {
      String topic = "shared-" + suffix + "-" + i;
      String table = "kafka." + TableDescriptor.tableNameFor(topic);
      byPartition.putIfAbsent(OwnedPartitions.partitionOf(table, OWNER_PARTITIONS), topic);
    }
    return List.copyOf(byPartition.values());
  }

  /** The owner of every table when each is on exactly one board and every instance owns {@code each}; else null. */
  private static Map<String, InProcessSidecar> owners(
      List<InProcessSidecar> sidecars, Set<String> tables, int each) {
    Map<String, InProcessSidecar> owners = new HashMap<>();
    for (InProcessSidecar sidecar : sidecars) {
      Set<String> owned = sidecar.tables();
      if (owned.size() != each) {
        return null;
      }
      for (String table : owned) {
        assertThat(owners.put(table, sidecar)).as("%s has one owner", table).isNull();
      }
    }
    return owners.keySet().equals(tables) ? owners : null;
  }

  private static boolean caughtUpStatuses(List<InProcessSidecar> sidecars) {
    for (InProcessSidecar sidecar : sidecars) {
      for (TableStatus status : sidecar.service.statusBoard().all()) {
        if (status.lastTiered() == null
            || status.lastRound() == null
            || status.partitions().size() != 2
            || status.partitions().stream().anyMatch(lag -> lag.offsetLag() != 0)) {
          return false;
        }
      }
    }
    return true;
  }

  private static Map<String, Long> epochs(List<InProcessSidecar> sidecars) {
    Map<String, Long> epochs = new HashMap<>();
    sidecars.forEach(sidecar -> sidecar
        .service
        .statusBoard()
        .all()
        .forEach(status -> epochs.put(status.table(), status.epoch())));
    return epochs;
  }

  private void awaitCaughtUp(InProcessSidecar reader, Iterable<TableDescriptor> tables)
      throws InterruptedException {
    for (TableDescriptor table : tables) {
      LakeOffsets end = LakeOffsets.of(KAFKA.endOffsets(table.topic()));
      await(
          table.qualifiedName() + " indexed to " + end,
          () -> reader.offsets(table).equals(end) ? true : null);
    }
  }

  private void produce(String topic, int count) {
    int before = produced.getOrDefault(topic, 0);
    KAFKA.produce(topic, TestRecords.mixed(before, count, 2));
    produced.put(topic, before + count);
  }

  private void assertExactlyOneRowPerOffset(InProcessSidecar reader, TableDescriptor table)
      throws IOException {
    Set<String> seen = new HashSet<>();
    try (CloseableIterable<Record> rows =
        IcebergGenerics.read(reader.table(table)).build()) {
      for (Record row : rows) {
        assertThat(seen.add(InProcessSidecar.offsetKey(row)))
            .as("row %s of %s is unique", InProcessSidecar.offsetKey(row), table.qualifiedName())
            .isTrue();
      }
    }
    assertThat(seen).hasSize(produced.get(table.topic()));
  }

  private static <T> T await(String what, Supplier<T> probe) {
    return Awaitility.await(what)
        .atMost(WAIT)
        .pollInterval(Duration.ofMillis(50))
        .until(probe::get, Objects::nonNull);
  }

  private InProcessSidecar newSidecar() {
    TieringSettings settings = new TieringSettings(
        2,
        1,
        128L << 20,
        Duration.ofMillis(200),
        Duration.ofSeconds(30),
        SESSION_TIMEOUT,
        "mink-scale-" + suffix,
        ownersTopic);
    return new InProcessSidecar(
            KAFKA.bootstrapServers(), warehouse.lakeSettings(), tablesTopic, settings, null)
        .start();
  }
}
