package io.mink.indexer.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.round.TableRows;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecords;
import io.mink.testkit.Warehouse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.iceberg.catalog.TableIdentifier;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The states of docs/tables.md with a real broker and two running sidecar instances: a deleted topic makes its table
 * missing, a recreated one makes it replaced (indexing stops, rows stay), the topic with the table's id makes it
 * indexing again, a restart of both instances keeps every table and state, and a removed table's Iceberg table and
 * files and its entry are deleted.
 */
class TableLifecycleIT {
  private static final Duration WAIT = Duration.ofSeconds(30);

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  private final String suffix = UUID.randomUUID().toString().substring(0, 8);
  private final String tablesTopic = "_tables-" + suffix;

  @Test
  void tablesFollowTheirTopicsThroughEveryState() throws Exception {
    String deleted = "orders-" + suffix;
    String kept = "payments-" + suffix;
    KAFKA.createTopic(deleted, 2);
    KAFKA.createTopic(kept, 2);
    KAFKA.produce(deleted, TestRecords.mixed(1, 100, 2));
    KAFKA.produce(kept, TestRecords.mixed(2, 50, 2));

    InProcessSidecar sidecar = newSidecar();
    InProcessSidecar other = newSidecar();
    TableDescriptor orders;
    TableDescriptor payments;
    try {
      orders = add(sidecar, deleted);
      payments = add(sidecar, kept);
      awaitRows(sidecar, orders, 100);
      awaitRows(sidecar, payments, 50);

      long deletedAt = System.nanoTime();
      KAFKA.deleteTopic(deleted);
      TableDescriptor missing = awaitState(sidecar, orders, LifecycleState.MISSING);
      System.out.printf(
          "lifecycle: missing %d ms after the topic was deleted%n", millisSince(deletedAt));
      assertThat(missing.lifecycle().reason())
          .isEqualTo("topic " + deleted + " (topic id " + orders.topicId()
              + ") no longer exists in Kafka");
      await(
          "the missing table off both instances' schedules",
          () -> (sidecar.service.statusBoard().get(orders.qualifiedName()).isEmpty()
                  && other.service.statusBoard().get(orders.qualifiedName()).isEmpty())
              ? true
              : null);

      String newId = recreate(deleted);
      TableDescriptor replaced = awaitState(sidecar, orders, LifecycleState.REPLACED);
      assertThat(replaced.lifecycle().reason())
          .isEqualTo("topic " + deleted + " was deleted and created again " + "(topic id "
              + orders.topicId() + " is now " + newId + "): remove the table and add it again");
      KAFKA.produce(deleted, TestRecords.mixed(3, 30, 2));
      Map<LifecycleState, Integer> census =
          Map.of(LifecycleState.INDEXING, 1, LifecycleState.REPLACED, 1);
      await(
          "both instances counting the replaced table",
          () -> (sidecar.service.tablesByState().equals(census)
                  && other.service.tablesByState().equals(census))
              ? true
              : null);

      sidecar.store.replace(
          sidecar.store.find(payments.qualifiedName()).orElseThrow(),
          payments.withLifecycle(
              new Lifecycle(LifecycleState.MISSING, Instant.now(), "its topic could not be seen")));
      TableDescriptor back = awaitState(sidecar, payments, LifecycleState.INDEXING);
      assertThat(back.lifecycle().reason())
          .isEqualTo("topic " + kept + " (topic id " + payments.topicId() + ") is back");
    } finally {
      sidecar.close();
      other.close();
    }

    InProcessSidecar restarted = newSidecar();
    InProcessSidecar otherRestarted = newSidecar();
    try {
      assertThat(restarted.store.find(orders.qualifiedName()).orElseThrow().state())
          .isEqualTo(LifecycleState.REPLACED);
      KAFKA.produce(kept, TestRecords.mixed(4, 25, 2));
      awaitRows(restarted, payments, 75);
      Thread.sleep(2_000);
      assertThat(rows(restarted, orders))
          .as("a replaced table keeps its rows and indexes nothing new")
          .isEqualTo(100);
      assertThat(restarted.store.find(orders.qualifiedName()).orElseThrow().state())
          .isEqualTo(LifecycleState.REPLACED);

      Path location =
          Path.of(java.net.URI.create(restarted.lake.load(identifier(orders)).location()));
      assertThat(filesUnder(location)).isNotEmpty();
      TableDescriptor current = restarted.store.find(orders.qualifiedName()).orElseThrow();
      restarted.store.replace(
          current,
          current.withLifecycle(
              new Lifecycle(LifecycleState.REMOVING, Instant.now(), "removed by the test")));
      await(
          "the removed table's entry gone",
          () -> restarted.store.find(orders.qualifiedName()).isEmpty() ? true : null);
      assertThat(restarted.lake.exists(identifier(orders))).isFalse();
      assertThat(filesUnder(location))
          .as("data and metadata files left in " + location)
          .isEmpty();
      assertThat(location).as("the table's directory on the local warehouse").doesNotExist();
      assertThat(restarted.store.find(payments.qualifiedName()).orElseThrow().isIndexing())
          .isTrue();
    } finally {
      restarted.close();
      otherRestarted.close();
    }
  }

  private static long millisSince(long nanos) {
    return Duration.ofNanos(System.nanoTime() - nanos).toMillis();
  }

  /** Creates the topic again once the broker has settled the deletion; returns its new topic id. */
  private static String recreate(String topic) {
    return Awaitility.await("topic " + topic + " created again")
        .atMost(WAIT)
        .pollInterval(Duration.ofMillis(200))
        .ignoreExceptions()
        .until(() -> KAFKA.createTopic(topic, 2).toString(), Objects::nonNull);
  }

  private static TableIdentifier identifier(TableDescriptor table) {
    return TieringService.identifier(table);
  }

  private static List<Path> filesUnder(Path location) throws IOException {
    if (!Files.exists(location)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(location)) {
      return files.filter(Files::isRegularFile).map(location::relativize).toList();
    }
  }

  private static void awaitRows(InProcessSidecar sidecar, TableDescriptor table, int rows)
      throws InterruptedException {
    await(
        table.qualifiedName() + " with " + rows + " rows",
        () -> rows(sidecar, table) == rows ? true : null);
  }

  private static TableDescriptor awaitState(
      InProcessSidecar sidecar, TableDescriptor table, LifecycleState state)
      throws InterruptedException {
    return await(
        table.qualifiedName() + " " + state.label(),
        () -> sidecar
            .store
            .find(table.qualifiedName())
            .filter(found -> found.state() == state)
            .orElse(null));
  }

  private static <T> T await(String what, Supplier<T> check) {
    return Awaitility.await(what)
        .atMost(WAIT)
        .pollInterval(Duration.ofMillis(100))
        .until(check::get, Objects::nonNull);
  }

  private InProcessSidecar newSidecar() {
    return new InProcessSidecar(
            KAFKA.bootstrapServers(),
            warehouse.lakeSettings(),
            tablesTopic,
            new TieringSettings(
                2,
                1,
                128L << 20,
                Duration.ofSeconds(1),
                Duration.ofSeconds(30),
                Duration.ofSeconds(2),
                "mink-lifecycle-" + suffix,
                "_owners-" + suffix),
            null)
        .start();
  }

  private static TableDescriptor add(InProcessSidecar sidecar, String topic) {
    return sidecar.addNew(topic, KAFKA.topicId(topic).toString(), Duration.ofMillis(500));
  }

  private static long rows(InProcessSidecar sidecar, TableDescriptor table) {
    try {
      return new TableRows(sidecar.lake).count(identifier(table));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
