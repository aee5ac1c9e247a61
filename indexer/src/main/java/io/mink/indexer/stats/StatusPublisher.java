package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import io.mink.tables.CompactedTopic;
import io.mink.tables.KafkaClientFactory;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes the status of every table on the board to the status topic: a table's status when it changes, and
 * every table's every {@link #INTERVAL}, each with the time it was published, so a reader tells a silent owner by an
 * old one. Runs on a thread of its own and sends without waiting, so the scheduler never waits for Kafka. A
 * publication of changes looks at the tables the board told of since the last one, not at the whole board, and one
 * producer serves publication after publication while the topic is there (see {@link #producer}).
 *
 * <p>A table this instance lets go of is simply no longer published: its new owner's status, of a higher epoch,
 * wins from its first publication (see {@link PublishedStatus#newer}). No tombstone is written, as it could land
 * after the new owner's record and delete it.
 */
public final class StatusPublisher implements AutoCloseable {
  /** How often every status is published again, whether it changed or not. */
  public static final Duration INTERVAL = Duration.ofSeconds(10);

  private static final Logger LOG = LoggerFactory.getLogger(StatusPublisher.class);
  private static final Duration MIN_GAP = Duration.ofMillis(500);

  private final StatusBoard board;
  private final String topic;
  private final KafkaClientFactory clients;
  private final Admin admin;
  private final Clock clock;
  private final Duration interval;
  private final Thread thread;
  private final StatusBoard.Listener listener =
      (before, after) -> wake(after != null ? after.table() : before.table());
  private final Map<String, TableStatus> published = new HashMap<>();
  private final Object signal = new Object();
  /** The tables whose status changed since the last publication; guarded by {@link #signal}. */
  private Set<String> changedTables = new HashSet<>();

  private boolean changed = true;
  private boolean closed;
  private volatile boolean failing;
  /** The producer of the publications since the topic was last found there; the publisher's thread alone uses it. */
  private KafkaProducer<byte[], byte[]> producer;
  /** A send failed: the next publication opens a new producer (see {@link #producer}). */
  private volatile boolean sendFailed;

  private StatusPublisher(
      StatusBoard board, KafkaClientFactory clients, String topic, Clock clock, Duration interval) {
    this.board = requireNonNull(board, "board is null");
    this.topic = requireNonNull(topic, "topic is null");
    this.clock = requireNonNull(clock, "clock is null");
    this.interval = requireNonNull(interval, "interval is null");
    this.clients = requireNonNull(clients, "clients is null");
    this.admin = clients.admin(10_000);
    this.thread = new Thread(this::run, "mink-status-publisher");
    this.thread.setDaemon(true);
  }

  /** Starts publishing the board's statuses to {@code topic} (see {@link StatusTopic#ensure}). */
  public static StatusPublisher start(
      StatusBoard board, KafkaClientFactory clients, String topic, Clock clock) {
    return start(board, clients, topic, clock, INTERVAL);
  }

  static StatusPublisher start(
      StatusBoard board, KafkaClientFactory clients, String topic, Clock clock, Duration interval) {
    StatusPublisher publisher = new StatusPublisher(board, clients, topic, clock, interval);
    board.addListener(publisher.listener);
    publisher.thread.start();
    return publisher;
  }

  private void wake(String table) {
    synchronized (signal) {
      changedTables.add(table);
      changed = true;
      signal.notifyAll();
    }
  }

  private void run() {
    try {
      publishUntilClosed();
    } finally {
      closeProducer();
    }
  }

  private void publishUntilClosed() {
    Instant nextRound = Instant.MIN;
    while (true) {
      Set<String> tables;
      synchronized (signal) {
        while (!closed && !changed && clock.instant().isBefore(nextRound)) {
          long waitMillis = Math.max(
              1, Math.min(1_000, Duration.between(clock.instant(), nextRound).toMillis()));
          try {
            signal.wait(waitMillis);
          } catch (InterruptedException e) {
            return;
          }
        }
        if (closed) {
          return;
        }
        changed = false;
        tables = changedTables;
        changedTables = new HashSet<>();
      }
      Instant now = clock.instant();
      boolean everyTable = !now.isBefore(nextRound);
      publish(everyTable, tables, now);
      if (everyTable) {
        nextRound = now.plus(interval);
      }
      if (!pauseBetweenPublications()) {
        return;
      }
    }
  }

  /** Lets changes of the next {@link #MIN_GAP} gather into one publication; false once closed. */
  private boolean pauseBetweenPublications() {
    long deadline = System.nanoTime() + MIN_GAP.toNanos();
    synchronized (signal) {
      long left;
      while (!closed && (left = deadline - System.nanoTime()) > 0) {
        try {
          signal.wait(Math.max(1, left / 1_000_000));
        } catch (InterruptedException e) {
          return false;
        }
      }
      return !closed;
    }
  }

  /**
   * Publishes every table's status, or those of {@code changedTables} that differ from what was last published, and
   * waits until they are sent.
   */
  private void publish(boolean everyTable, Set<String> changedTables, Instant now) {
    TopicCheck check = checkTopic();
    if (check != TopicCheck.THERE) {
      closeProducer();
    }
    if (check == TopicCheck.UNAVAILABLE) {
      synchronized (signal) {
        this.changedTables.addAll(changedTables);
      }
      return;
    }
    List<TableStatus> publishing = new ArrayList<>();
    if (everyTable || check == TopicCheck.CREATED) {
      Map<String, TableStatus> current =
          board.all().stream().collect(Collectors.toMap(TableStatus::table, status -> status));
      published.keySet().retainAll(current.keySet());
      publishing.addAll(current.values());
    } else {
      for (String table : changedTables) {
        Optional<TableStatus> status = board.get(table);
        if (status.isEmpty()) {
          published.remove(table);
        } else if (!status.get().equals(published.get(table))) {
          publishing.add(status.get());
        }
      }
    }
    if (publishing.isEmpty()) {
      return;
    }
    try {
      KafkaProducer<byte[], byte[]> open = producer();
      for (TableStatus status : publishing) {
        send(open, new PublishedStatus(status, now));
        published.put(status.table(), status);
      }
      open.flush();
    } catch (RuntimeException e) {
      sendFailed = true;
      sent("every table", e);
    }
  }

  /**
   * The producer of the publications, opened after the topic check found the status topic there, and kept while
   * later checks find it there and sends succeed. Kafka's producers ask the broker to create the topics they look
   * up, and one that looked the status topic up after someone deleted it would create it with the broker's defaults
   * (not compacted): so it does not refresh its metadata on a timer, it is closed as soon as a check misses the
   * topic, and a failed send (which has it look the topic up again) has the next publication open a new one.
   */
  private KafkaProducer<byte[], byte[]> producer() {
    if (sendFailed) {
      sendFailed = false;
      closeProducer();
    }
    if (producer == null) {
      producer = clients.rawProducer(
          "status",
          Map.of(
              ProducerConfig.LINGER_MS_CONFIG, 20,
              ProducerConfig.MAX_BLOCK_MS_CONFIG, 5_000,
              ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000,
              ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
              ProducerConfig.METADATA_MAX_AGE_CONFIG, Integer.MAX_VALUE));
    }
    return producer;
  }

  private void closeProducer() {
    if (producer != null) {
      try {
        producer.close(Duration.ofSeconds(5));
      } catch (RuntimeException e) {
        LOG.debug("Closing the status producer failed: {}", e.toString());
      }
      producer = null;
    }
  }

  private enum TopicCheck {
    THERE,
    CREATED,
    UNAVAILABLE
  }

  /** Whether the status topic is there; a deleted one is created again, compacted, as at start. */
  private TopicCheck checkTopic() {
    try {
      admin.describeTopics(List.of(topic)).allTopicNames().get();
      return TopicCheck.THERE;
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
        sent("every table", e.getCause() instanceof Exception cause ? cause : e);
        return TopicCheck.UNAVAILABLE;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return TopicCheck.UNAVAILABLE;
    }
    LOG.warn(
        "The status topic {} was deleted: creating it again, compacted with one partition", topic);
    try {
      CompactedTopic.ensure(admin, topic, "status", clients.minkTopics());
      return TopicCheck.CREATED;
    } catch (RuntimeException e) {
      sent("every table", e);
      return TopicCheck.UNAVAILABLE;
    }
  }

  private void send(KafkaProducer<byte[], byte[]> producer, PublishedStatus status) {
    String table = status.status().table();
    try {
      var unused = producer.send(
          new ProducerRecord<>(
              topic, 0, table.getBytes(StandardCharsets.UTF_8), StatusCodec.encode(status)),
          (metadata, error) -> {
            if (error != null) {
              sendFailed = true;
            }
            sent(table, error);
          });
    } catch (RuntimeException e) {
      sendFailed = true;
      sent(table, e);
    }
  }

  private void sent(String table, Exception error) {
    if (error == null) {
      if (failing) {
        failing = false;
        LOG.info("Publishing table statuses to {} works again", topic);
      }
      return;
    }
    if (!failing) {
      failing = true;
      LOG.warn(
          "Cannot publish the status of {} to the status topic {} ({}): mink cluster stats shows this "
              + "instance's tables as silent until Kafka takes them again; tiering goes on",
          table,
          topic,
          error.getMessage());
    }
  }

  /** Stops publishing; what was sent is flushed for a few seconds at most. */
  @Override
  public void close() {
    board.removeListener(listener);
    synchronized (signal) {
      closed = true;
      signal.notifyAll();
    }
    try {
      thread.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    admin.close(Duration.ofSeconds(5));
  }
}
