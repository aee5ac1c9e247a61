package io.mink.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.mink.testkit.KafkaBroker;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class KafkaTableStoreIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final Instant ADDED = Instant.parse("2026-11-30T10:00:00Z");

  @Test
  void addRecordsATableOnlyOnce() {
    try (KafkaTableStore store = newStore(uniqueTopic())) {
      TableDescriptor orders = table("orders", "id-1");

      assertThat(store.add(orders)).isTrue();
      assertThat(store.add(table("orders", "id-2"))).isFalse();

      assertThat(store.list()).containsExactly(orders);
    }
  }

  @Test
  void replaceAndDeleteChangeOnlyTheEntryTheyExpect() {
    try (KafkaTableStore store = newStore(uniqueTopic())) {
      TableDescriptor orders = table("orders", "id-1");
      store.add(orders);
      TableDescriptor missing =
          orders.withLifecycle(new Lifecycle(LifecycleState.MISSING, ADDED, "gone"));
      TableDescriptor removing =
          orders.withLifecycle(new Lifecycle(LifecycleState.REMOVING, ADDED, "removed"));

      assertThat(store.replace(orders, missing)).isTrue();
      assertThat(store.replace(orders, removing)).as("stale expectation").isFalse();
      assertThat(store.delete(orders)).as("stale expectation").isFalse();
      assertThat(store.find("kafka.orders")).contains(missing);

      assertThat(store.delete(missing)).isTrue();
      assertThat(store.find("kafka.orders")).isEmpty();
      assertThat(store.replace(missing, removing)).as("entry gone").isFalse();
    }
  }

  @Test
  void ofClientsAddingOneTableAtOnceExactlyOneWins() throws Exception {
    String topic = uniqueTopic();
    newStore(topic).close();
    int clients = 4;
    for (int round = 0; round < 3; round++) {
      String name = "orders_" + round;
      ExecutorService threads = Executors.newFixedThreadPool(clients);
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Boolean>> results = new ArrayList<>();
      try {
        for (int client = 0; client < clients; client++) {
          String topicId = "id-" + client;
          results.add(threads.submit(() -> {
            try (KafkaTableStore store = newStore(topic)) {
              start.await();
              return store.add(table(name, topicId));
            }
          }));
        }
        start.countDown();
        int winners = 0;
        for (Future<Boolean> result : results) {
          winners += result.get(60, TimeUnit.SECONDS) ? 1 : 0;
        }
        assertThat(winners).as("winners of " + name).isEqualTo(1);
      } finally {
        threads.shutdownNow();
      }
    }
    try (KafkaTableStore store = newStore(topic)) {
      assertThat(store.list())
          .extracting(TableDescriptor::name)
          .containsExactly("orders_0", "orders_1", "orders_2");
    }
  }

  /**
   * A store's first read of an empty topic polls once to prove it may read it; an entry committed during that poll
   * is past the reader's position afterwards, so it must be kept from that poll, or the store never sees it and a
   * second add of the same table wins.
   */
  @Test
  void anEntryCommittedDuringTheFirstReadOfAnEmptyTopicIsRead() throws Exception {
    ExecutorService thread = Executors.newSingleThreadExecutor();
    try {
      for (long readerDelayMillis = 200; readerDelayMillis <= 700; readerDelayMillis += 100) {
        String topic = uniqueTopic();
        try (KafkaTableStore writer = newStore(topic);
            KafkaTableStore reader = newStore(topic)) {
          Future<Boolean> added = thread.submit(() -> writer.add(table("orders", "id-1")));
          Thread.sleep(readerDelayMillis);
          reader.list();
          assertThat(added.get(60, TimeUnit.SECONDS)).isTrue();

          assertThat(reader.list())
              .as("entries read when the first read started " + readerDelayMillis
                  + " ms after the add")
              .extracting(TableDescriptor::name)
              .containsExactly("orders");
          assertThat(reader.add(table("orders", "id-2"))).isFalse();
        }
      }
    } finally {
      thread.shutdownNow();
    }
  }

  @Test
  void concurrentStateChangesOfOneTableAreAppliedOneAfterAnother() throws Exception {
    String topic = uniqueTopic();
    try (KafkaTableStore setup = newStore(topic)) {
      setup.add(table("counter", "0"));
    }
    int writers = 3;
    int increments = 4;
    AtomicInteger lost = new AtomicInteger();
    ExecutorService threads = Executors.newFixedThreadPool(writers);
    try {
      List<Future<Void>> results = new ArrayList<>();
      for (int writer = 0; writer < writers; writer++) {
        results.add(threads.submit((Callable<Void>) () -> {
          try (KafkaTableStore store = newStore(topic)) {
            int done = 0;
            while (done < increments) {
              TableDescriptor current = store.find("kafka.counter").orElseThrow();
              TableDescriptor next =
                  current.withTopicId(String.valueOf(Integer.parseInt(current.topicId()) + 1));
              if (store.replace(current, next)) {
                done++;
              } else {
                lost.incrementAndGet();
              }
            }
          }
          return null;
        }));
      }
      for (Future<Void> result : results) {
        result.get(120, TimeUnit.SECONDS);
      }
    } finally {
      threads.shutdownNow();
    }
    try (KafkaTableStore store = newStore(topic)) {
      assertThat(store.find("kafka.counter").orElseThrow().topicId())
          .isEqualTo(String.valueOf(writers * increments));
    }
    System.out.printf(
        "table store: %d compare-and-sets lost to another writer and retried%n", lost.get());
  }

  @SuppressWarnings("try") // the subscription only needs to live meanwhile
  @Test
  void aSubscriberHearsOfEveryChange() throws Exception {
    try (KafkaTableStore store = newStore(uniqueTopic())) {
      Semaphore calls = new Semaphore(0);
      try (TableStore.Subscription subscription = store.subscribe(calls::release)) {
        assertThat(calls.tryAcquire(30, TimeUnit.SECONDS))
            .as("called once it follows the topic")
            .isTrue();
        TableDescriptor orders = table("orders", "id-1");
        store.add(orders);
        assertThat(calls.tryAcquire(5, TimeUnit.SECONDS)).as("called after add").isTrue();
        store.replace(orders, orders.withFreshness(Duration.ofSeconds(30)));
        assertThat(calls.tryAcquire(5, TimeUnit.SECONDS))
            .as("called after replace")
            .isTrue();
      }
    }
  }

  @Test
  void aTablesTopicDeletedWhileReadIsAnErrorAndNoWriteCreatesItAgain() throws Exception {
    String topic = uniqueTopic();
    try (KafkaTableStore store = newStore(topic)) {
      TableDescriptor orders = table("orders", "id-1");
      store.add(orders);
      assertThat(store.list()).containsExactly(orders);

      KAFKA.deleteTopic(topic);

      assertThat(awaitListFailure(store))
          .hasMessageStartingWith("The tables topic " + topic + " was deleted while Mink "
              + "used it. It holds every added table, so Mink does not create it again by itself");
      assertThatThrownBy(() -> store.add(table("refunds", "id-2"))).hasMessageContaining(topic);
      assertThat(KAFKA.admin().listTopics().names().get()).doesNotContain(topic);
    }
  }

  @Test
  void aTablesTopicDeletedBeforeTheFirstReadOfTheStoreThatCreatedItIsAnError() throws Exception {
    String topic = uniqueTopic();
    KafkaClientFactory clients =
        new KafkaClientFactory(Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-test");
    try (KafkaTableStore store = new KafkaTableStore(clients, topic, Duration.ofSeconds(2));
        Admin admin = clients.admin()) {
      store.ensureTopic(admin);
      KAFKA.deleteTopic(topic);

      assertThat(awaitListFailure(store))
          .hasMessageStartingWith("The tables topic " + topic + " was deleted");
    }
  }

  /**
   * A broker learns of a topic a moment after its creation returns, longer on a loaded cluster: the reader of a
   * topic it was told exists waits for it to appear rather than take it for deleted.
   */
  @Test
  void aTablesTopicNotYetInTheMetadataAfterItsCreationIsWaitedFor() throws Exception {
    String topic = uniqueTopic();
    KafkaClientFactory clients =
        new KafkaClientFactory(Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-test");
    ExecutorService creator = Executors.newSingleThreadExecutor();
    try (TablesTopicReader reader = new TablesTopicReader(clients, topic, Duration.ofSeconds(30))) {
      reader.topicExists();
      Future<?> created = creator.submit(() -> {
        Thread.sleep(2_000);
        KAFKA.createTopic(topic, 1);
        return null;
      });

      assertThat(reader.readToEnd()).isEmpty();
      assertThat(created).isDone();
    } finally {
      creator.shutdownNow();
    }
  }

  @Test
  void aChangeToATablesTopicThatDoesNotExistIsRefused() throws Exception {
    String topic = uniqueTopic();
    KafkaClientFactory clients =
        new KafkaClientFactory(Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-test");
    try (KafkaTableStore store = new KafkaTableStore(clients, topic)) {
      assertThat(store.list()).isEmpty();
      assertThatThrownBy(() -> store.add(table("orders", "id-1")))
          .hasMessage("The tables topic " + topic + " does "
              + "not exist. mink table add and mink serve create it (compacted, one partition); Mink does not create it "
              + "while changing a table");
      assertThat(KAFKA.admin().listTopics().names().get()).doesNotContain(topic);
    }
  }

  private static KafkaTableStore newStore(String topic) {
    KafkaClientFactory clients =
        new KafkaClientFactory(Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-test");
    KafkaTableStore store = new KafkaTableStore(clients, topic);
    try (Admin admin = clients.admin()) {
      store.ensureTopic(admin);
    }
    return store;
  }

  private static TableDescriptor table(String name, String topicId) {
    return new TableDescriptor(
        "kafka", name, name, topicId, Duration.ofMinutes(3), Map.of(), ADDED);
  }

  private static String uniqueTopic() {
    return "_tables-" + UUID.randomUUID().toString().substring(0, 8);
  }

  /**
   * The failure of listing the tables once the deletion reached the partition's leader: for a moment after a topic
   * is deleted its leader may still answer for it.
   */
  static Throwable awaitListFailure(KafkaTableStore store) {
    return await("listing the tables to fail after the topic's deletion")
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> listFailure(store), Optional::isPresent)
        .get();
  }

  private static Optional<Throwable> listFailure(KafkaTableStore store) {
    try {
      store.list();
      return Optional.empty();
    } catch (RuntimeException e) {
      return Optional.of(e);
    }
  }
}
