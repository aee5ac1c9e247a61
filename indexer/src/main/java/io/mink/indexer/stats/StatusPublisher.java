package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.status.StatusBoard;
import io.mink.indexer.status.TableStatus;
import io.mink.registry.KafkaClientFactory;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
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

  private final StatusBoard board;
  private final String topic;
  private final KafkaProducer<byte[], byte[]> producer;
  private final Clock clock;
  private final Duration interval;
  private final Thread thread;
  private final StatusBoard.Listener listener = (before, after) -> wake();
  private final Map<String, TableStatus> published = new HashMap<>();
  private final Object signal = new Object();
  private boolean changed = true;
  private boolean closed;
  private volatile boolean failing;

  private StatusPublisher(StatusBoard board, KafkaClientFactory clients, String topic, Clock clock,
      Duration interval) {
    this.board = requireNonNull(board, "board is null");
    this.topic = requireNonNull(topic, "topic is null");
    this.clock = requireNonNull(clock, "clock is null");
    this.interval = requireNonNull(interval, "interval is null");
    this.producer = clients.rawProducer("status", Map.of(
        ProducerConfig.LINGER_MS_CONFIG, 20,
        ProducerConfig.MAX_BLOCK_MS_CONFIG, 5_000,
        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000,
        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000));
    this.thread = new Thread(this::run, "mink-status-publisher");
    this.thread.setDaemon(true);
  }

  /** Starts publishing the board's statuses to {@code topic} (see {@link StatusTopic#ensure}). */
  public static StatusPublisher start(StatusBoard board, KafkaClientFactory clients, String topic, Clock clock) {
    return start(board, clients, topic, clock, INTERVAL);
  }

  static StatusPublisher start(StatusBoard board, KafkaClientFactory clients, String topic, Clock clock,
      Duration interval) {
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
          long waitMillis = Math.max(1, Math.min(1_000, Duration.between(clock.instant(), nextRound).toMillis()));
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
    }
  }

  private void publish(boolean everyTable, Instant now) {
    Map<String, TableStatus> current = board.all().stream()
        .collect(Collectors.toMap(TableStatus::table, status -> status));
    published.keySet().retainAll(current.keySet());
    for (TableStatus status : current.values()) {
      if (everyTable || !status.equals(published.get(status.table()))) {
        send(new PublishedStatus(status, now));
        published.put(status.table(), status);
      }
    }
  }

  private void send(PublishedStatus status) {
    String table = status.status().table();
    try {
      producer.send(new ProducerRecord<>(topic, 0, table.getBytes(StandardCharsets.UTF_8),
          StatusCodec.encode(status)), (metadata, error) -> sent(table, error));
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
      LOG.warn("Cannot publish the status of {} to the status topic {} ({}): mink cluster stats shows this "
          + "instance's tables as silent until Kafka takes them again; tiering goes on", table, topic,
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
    producer.close(Duration.ofSeconds(5));
  }
}
