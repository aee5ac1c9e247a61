package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import io.mink.tables.CompactedTopic;
import io.mink.tables.KafkaClientFactory;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * old one. Runs on a thread of its own and sends without waiting, so the scheduler never waits for Kafka.
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
  private final StatusBoard.Listener listener = (before, after) -> wake();
  private final Map<String, TableStatus> published = new HashMap<>();
  private final Object signal = new Object();
  private boolean changed = true;
  private boolean closed;
  private volatile boolean failing;

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

  private void wake() {
    synchronized (signal) {
      changed = true;
      signal.notifyAll();
    }
  }

  private void run() {
    Instant nextRound = Instant.MIN;
    while (true) {
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
      }
      Instant now = clock.instant();
      boolean everyTable = !now.isBefore(nextRound);
      publish(everyTable, now);
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
   * Publishes the statuses that changed, or all, with a producer of this round only: Kafka's producers ask the
   * broker to create the topics they look up, and one kept open would look the status topic up again after someone
   * deleted it, creating it with the broker's defaults (not compacted).
   */
  private void publish(boolean everyTable, Instant now) {
    TopicCheck check = checkTopic();
    if (check == TopicCheck.UNAVAILABLE) {
      return;
    }
    if (check == TopicCheck.CREATED) {
      published.clear();
    }
    Map<String, TableStatus> current =
        board.all().stream().collect(Collectors.toMap(TableStatus::table, status -> status));
    published.keySet().retainAll(current.keySet());
    try (KafkaProducer<byte[], byte[]> producer = clients.rawProducer(
        "status",
        Map.of(
            ProducerConfig.LINGER_MS_CONFIG, 20,
            ProducerConfig.MAX_BLOCK_MS_CONFIG, 5_000,
            ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000,
            ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000))) {
      for (TableStatus status : current.values()) {
        if (everyTable || !status.equals(published.get(status.table()))) {
          send(producer, new PublishedStatus(status, now));
          published.put(status.table(), status);
        }
      }
    } catch (RuntimeException e) {
      sent("every table", e);
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
          (metadata, error) -> sent(table, error));
    } catch (RuntimeException e) {
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
