package io.mink.tables;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows the end of the tables topic and calls back whenever an entry is written, so a sidecar reads the
 * table list again within a second of a change instead of at its next poll. A deleted topic is noticed within a few
 * seconds: it calls back once (the reader then says what happened) and waits for the topic to come back, instead of
 * fetching from a partition that is gone.
 */
final class TablesTopicTail implements TableStore.Subscription {
  private static final Logger LOG = LoggerFactory.getLogger(TablesTopicTail.class);
  private static final Duration POLL = Duration.ofMillis(500);
  private static final Duration RETRY = Duration.ofSeconds(1);
  private static final Duration EXISTENCE_CHECK = Duration.ofSeconds(5);

  private final KafkaConsumer<byte[], byte[]> consumer;
  private final TopicPartition partition;
  private final Runnable onChange;
  private final Thread thread;
  private volatile boolean closed;

  TablesTopicTail(KafkaClientFactory clients, String topic, Runnable onChange) {
    this.consumer = clients.rawConsumer("tables-tail", Map.of());
    this.partition = new TopicPartition(topic, 0);
    this.onChange = requireNonNull(onChange, "onChange is null");
    this.thread = new Thread(this::follow, "mink-tables-tail");
    thread.setDaemon(true);
    thread.start();
  }

  private void follow() {
    try {
      while (!closed && !assign()) {
        sleep();
      }
      long nextCheck = System.nanoTime() + EXISTENCE_CHECK.toNanos();
      while (!closed) {
        try {
          if (!consumer.poll(POLL).isEmpty()) {
            onChange.run();
          } else if (System.nanoTime() > nextCheck) {
            nextCheck = System.nanoTime() + EXISTENCE_CHECK.toNanos();
            if (consumer.partitionsFor(partition.topic(), RETRY).isEmpty()) {
              LOG.debug(
                  "The tables topic {} is gone: waiting for it to come back", partition.topic());
              consumer.unsubscribe();
              onChange.run();
              while (!closed && !assign()) {
                sleep();
              }
            }
          }
        } catch (WakeupException e) {
          return;
        } catch (RuntimeException e) {
          LOG.debug("Cannot follow the tables topic {}: {}", partition.topic(), e.getMessage());
          sleep();
        }
      }
    } catch (WakeupException e) {
      LOG.trace("Stopped following the tables topic");
    } finally {
      consumer.close(CloseOptions.timeout(Duration.ofSeconds(2)));
    }
  }

  /** Starts at the end of the topic once it exists; false while it does not. */
  private boolean assign() {
    try {
      if (consumer.partitionsFor(partition.topic(), RETRY).isEmpty()) {
        return false;
      }
      consumer.assign(Set.of(partition));
      consumer.seekToEnd(Set.of(partition));
      consumer.position(partition, RETRY);
      onChange.run();
      return true;
    } catch (WakeupException e) {
      throw e;
    } catch (RuntimeException e) {
      LOG.debug("Cannot find the tables topic {} yet: {}", partition.topic(), e.getMessage());
      return false;
    }
  }

  private void sleep() {
    try {
      Thread.sleep(RETRY.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closed = true;
    }
  }

  @Override
  public void close() {
    closed = true;
    consumer.wakeup();
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
