package io.mink.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mink.testkit.KafkaBroker;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.InvalidTxnStateException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The tables topic's compare-and-set when a commit's outcome is unknown: the change counts exactly when a committed
 * record of its own write is there, whatever another writer wrote.
 */
class TableStoreCompareAndSetIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final Instant ADDED = Instant.parse("2026-11-30T10:00:00Z");

  /**
   * The interleaving that lost an update: writer A begins 0 → 1; writer B opens (its initTransactions aborts A's
   * transaction), reads 0 and commits the equal change 0 → 1; A's commit then fails with the invalid-state error the
   * broker answers when transactions v2 already aborted it. Comparing values, A counted B's change as its own.
   */
  @Test
  void aCommitAbortedByAnotherWriterOfAnEqualEntryDoesNotCount() {
    String topic = topicWithCounterZero();
    try (KafkaTableStore other = newStore(topic);
        KafkaTableStore losing = newStore(topic, once(producer -> {
          assertThat(other.replace(counter(0), counter(1)))
              .as("the other writer's change")
              .isTrue();
          try {
            producer.commitTransaction();
          } catch (KafkaException fenced) {
            throw new InvalidTxnStateException(
                "The producer attempted a transactional operation in an invalid state.");
          }
        }))) {
      assertThat(losing.replace(counter(0), counter(1)))
          .as("the aborted change counted")
          .isFalse();

      assertThat(entry(topic)).isEqualTo(new TableEntry(counter(1), 2));
    }
  }

  @Test
  void aCommitWhoseAnswerWasLostCountsOnce() {
    String topic = topicWithCounterZero();
    try (KafkaTableStore store = newStore(topic, once(producer -> {
      producer.commitTransaction();
      throw new TimeoutException("The answer to EndTxn was lost");
    }))) {
      assertThat(store.replace(counter(0), counter(1))).isTrue();
      assertThat(store.replace(counter(1), counter(2)))
          .as("the next change, with a new producer")
          .isTrue();

      assertThat(entry(topic)).isEqualTo(new TableEntry(counter(2), 3));
    }
  }

  @Test
  void aCommittedChangeOverwrittenBeforeItsOutcomeIsKnownStillCounts() {
    String topic = topicWithCounterZero();
    try (KafkaTableStore other = newStore(topic);
        KafkaTableStore store = newStore(topic, once(producer -> {
          producer.commitTransaction();
          awaitEntry(other, counter(1));
          assertThat(other.replace(counter(1), counter(2))).isTrue();
          throw new TimeoutException("The answer to EndTxn was lost");
        }))) {
      assertThat(store.replace(counter(0), counter(1)))
          .as("its own committed change")
          .isTrue();

      assertThat(entry(topic)).isEqualTo(new TableEntry(counter(2), 3));
    }
  }

  @Test
  void aCommitThatFailedBeforeReachingKafkaIsRetried() {
    String topic = topicWithCounterZero();
    try (KafkaTableStore store = newStore(topic, once(producer -> {
      throw new TimeoutException("The coordinator did not answer");
    }))) {
      assertThat(store.replace(counter(0), counter(1))).isTrue();

      assertThat(entry(topic)).isEqualTo(new TableEntry(counter(1), 2));
    }
  }

  @Test
  void everyChangeRaisesTheRevisionAndADeletedTableStartsOver() {
    String topic = uniqueTopic();
    try (KafkaTableStore store = newStore(topic)) {
      store.add(counter(0));
      store.replace(counter(0), counter(1));
      assertThat(entry(topic).revision()).isEqualTo(2);

      store.delete(counter(1));
      store.add(counter(5));

      assertThat(entry(topic)).isEqualTo(new TableEntry(counter(5), 1));
    }
  }

  @Test
  void anEntryWrittenBeforeRevisionsAndWriteIdsExistedReadsAndChanges() throws Exception {
    String topic = uniqueTopic();
    try (KafkaTableStore store = newStore(topic);
        KafkaProducer<byte[], byte[]> producer = clients().rawProducer("old-writer", Map.of())) {
      String oldEntry =
          "{\"version\":1,\"namespace\":\"kafka\",\"name\":\"counter\",\"topic\":\"counter\","
              + "\"topic_id\":\"0\",\"freshness_ms\":180000,\"options\":{},\"added_at\":\"2026-11-30T10:00:00Z\"}";
      producer
          .send(new ProducerRecord<>(
              topic,
              0,
              "kafka.counter".getBytes(StandardCharsets.UTF_8),
              oldEntry.getBytes(StandardCharsets.UTF_8)))
          .get();

      assertThat(store.find("kafka.counter")).contains(counter(0));
      assertThat(store.replace(counter(0), counter(1))).isTrue();

      assertThat(entry(topic)).isEqualTo(new TableEntry(counter(1), 1));
    }
  }

  /**
   * Writers increment one counter while a third of their commits fail before reaching Kafka and a third lose their
   * answer after committing. Every increment a writer counted is in the counter, and nothing else is. The three runs
   * go side by side, each on a topic, and so a transactional id, of its own: their waits for transactions to settle
   * overlap.
   */
  @Test
  void incrementsWithUnknownCommitOutcomesAreNeitherLostNorCountedTwice() throws Exception {
    int runs = 3;
    ExecutorService threads = Executors.newFixedThreadPool(runs);
    try {
      List<Future<Void>> results = new ArrayList<>();
      for (int run = 0; run < runs; run++) {
        int number = run;
        results.add(threads.submit((Callable<Void>) () -> {
          incrementWithUnknownOutcomes(number);
          return null;
        }));
      }
      for (Future<Void> result : results) {
        try {
          result.get(200, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
          if (e.getCause() instanceof AssertionError failed) {
            throw failed;
          }
          throw e;
        }
      }
    } finally {
      threads.shutdownNow();
    }
  }

  private static void incrementWithUnknownOutcomes(int run) throws Exception {
    String topic = topicWithCounterZero();
    int writers = 4;
    int increments = 6;
    AtomicInteger unknownOutcomes = new AtomicInteger();
    AtomicInteger counted = new AtomicInteger();
    ExecutorService threads = Executors.newFixedThreadPool(writers);
    try {
      List<Future<Void>> results = new ArrayList<>();
      for (int writer = 0; writer < writers; writer++) {
        results.add(threads.submit((Callable<Void>) () -> {
          try (KafkaTableStore store = newStore(topic, producer -> {
            int fault = ThreadLocalRandom.current().nextInt(3);
            if (fault == 0) {
              unknownOutcomes.incrementAndGet();
              throw new TimeoutException("The coordinator did not answer");
            }
            producer.commitTransaction();
            if (fault == 1) {
              unknownOutcomes.incrementAndGet();
              throw new TimeoutException("The answer to EndTxn was lost");
            }
          })) {
            int done = 0;
            while (done < increments) {
              TableDescriptor current = store.find("kafka.counter").orElseThrow();
              if (store.replace(current, counter(Integer.parseInt(current.topicId()) + 1))) {
                done++;
                counted.incrementAndGet();
              }
            }
          }
          return null;
        }));
      }
      for (Future<Void> result : results) {
        result.get(180, TimeUnit.SECONDS);
      }
    } finally {
      threads.shutdownNow();
    }
    TableEntry last = entry(topic);
    assertThat(counted.get()).isEqualTo(writers * increments);
    assertThat(last.descriptor().topicId())
        .as("run " + run)
        .isEqualTo(String.valueOf(counted.get()));
    assertThat(last.revision()).as("run " + run).isEqualTo(counted.get() + 1L);
    System.out.printf(
        "table store run %d: %d increments, %d commits with an unknown outcome%n",
        run, counted.get(), unknownOutcomes.get());
  }

  private static String topicWithCounterZero() {
    String topic = uniqueTopic();
    try (KafkaTableStore setup = newStore(topic)) {
      assertThat(setup.add(counter(0))).isTrue();
    }
    return topic;
  }

  private static TransactionalEntryWriter.CommitStep once(
      TransactionalEntryWriter.CommitStep fault) {
    AtomicBoolean used = new AtomicBoolean();
    return producer -> {
      if (used.compareAndSet(false, true)) {
        fault.commit(producer);
      } else {
        producer.commitTransaction();
      }
    };
  }

  /** Waits until {@code store} reads {@code expected}: a commit's markers may be written after it returns. */
  private static void awaitEntry(KafkaTableStore store, TableDescriptor expected) {
    await("reading " + expected)
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> store.find(expected.qualifiedName()).equals(Optional.of(expected)));
  }

  private static TableEntry entry(String topic) {
    try (TablesTopicReader reader = new TablesTopicReader(clients(), topic)) {
      return reader.readToEnd().get("kafka.counter");
    }
  }

  private static KafkaTableStore newStore(String topic) {
    return newStore(topic, TransactionalEntryWriter.CommitStep.KAFKA);
  }

  private static KafkaTableStore newStore(
      String topic, TransactionalEntryWriter.CommitStep commitStep) {
    KafkaTableStore store = new KafkaTableStore(clients(), topic, commitStep);
    try (Admin admin = clients().admin()) {
      store.ensureTopic(admin);
    }
    return store;
  }

  private static KafkaClientFactory clients() {
    return new KafkaClientFactory(
        Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-test");
  }

  private static TableDescriptor counter(int value) {
    return new TableDescriptor(
        "kafka",
        "counter",
        "counter",
        String.valueOf(value),
        Duration.ofMinutes(3),
        Map.of(),
        ADDED);
  }

  private static String uniqueTopic() {
    return "_tables-" + UUID.randomUUID().toString().substring(0, 8);
  }
}
