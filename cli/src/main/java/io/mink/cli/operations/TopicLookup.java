package io.mink.cli.operations;

import io.mink.indexer.config.Durations;
import io.mink.indexer.errors.ErrorCategory;
import io.mink.indexer.errors.MinkException;
import io.mink.tables.KafkaClientFactory;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/** Finds a topic for {@code mink table add}, at once or once it is created. */
final class TopicLookup {
  private static final long RETRY_MILLIS = 200;

  private static final Duration POLL = Duration.ofSeconds(1);

  private final Admin admin;
  private final KafkaClientFactory clients;

  TopicLookup(Admin admin, KafkaClientFactory clients) {
    this.admin = admin;
    this.clients = clients;
  }

  /**
   * The topic's description; empty when the cluster has no such topic. A retriable error, such as a topic whose
   * leader is not elected yet moments after it was created, is retried until {@link Connections#KAFKA_TIMEOUT}.
   */
  Optional<TopicDescription> describe(String topic) {
    long deadline = System.nanoTime() + Connections.KAFKA_TIMEOUT.toNanos();
    try {
      while (true) {
        try {
          return Optional.of(admin
              .describeTopics(List.of(topic))
              .topicNameValues()
              .get(topic)
              .get(Connections.KAFKA_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
        } catch (ExecutionException e) {
          if (e.getCause() instanceof UnknownTopicOrPartitionException) {
            return Optional.empty();
          }
          if (e.getCause() instanceof TopicAuthorizationException refused
              && refused.unauthorizedTopics().isEmpty()) {
            throw new TopicAuthorizationException(refused.getMessage(), Set.of(topic));
          }
          if (!(e.getCause() instanceof RetriableException) || System.nanoTime() > deadline) {
            throw Connections.unreachable(clients, e);
          }
          Thread.sleep(RETRY_MILLIS);
        }
      }
    } catch (TimeoutException e) {
      throw Connections.unreachable(clients, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MinkException(
          ErrorCategory.INTERNAL, "Interrupted while describing topic " + topic, e);
    }
  }

  /** Waits for the topic to exist, saying once on {@code progress} that it waits; a conflict when time runs out. */
  TopicDescription await(String topic, Duration timeout, Progress progress) {
    Optional<TopicDescription> description = describe(topic);
    if (description.isPresent()) {
      return description.get();
    }
    progress.note(String.format(
        "Waiting up to %s for topic '%s' to be created in the Kafka cluster at %s",
        Durations.format(timeout), topic, clients.bootstrapServers()));
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      Duration remaining = Duration.ofNanos(deadline - System.nanoTime());
      Pause.sleep(remaining.compareTo(POLL) < 0 ? remaining : POLL);
      description = describe(topic);
      if (description.isPresent()) {
        return description.get();
      }
    }
    throw MinkException.conflict("Topic '" + topic + "' was not created within "
        + Durations.format(timeout) + " in the Kafka cluster at " + clients.bootstrapServers()
        + ": create it "
        + "(kafka-topics.sh --create --topic " + topic + "), or check the name");
  }

  MinkException doesNotExist(String topic) {
    return MinkException.conflict("Topic '" + topic + "' does not exist in the Kafka cluster at "
        + clients.bootstrapServers()
        + ": create it first, or check the name (kafka-topics.sh --list shows the "
        + "topics), or wait for it with --wait");
  }
}
