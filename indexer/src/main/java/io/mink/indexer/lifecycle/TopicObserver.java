package io.mink.indexer.lifecycle;

import io.mink.tables.TopicObservation;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Looks topics up in Kafka's metadata: present with its topic id, absent, or empty when Kafka did not say. */
final class TopicObserver {
  private static final Logger LOG = LoggerFactory.getLogger(TopicObserver.class);

  private TopicObserver() {}

  /** Each topic's observation from one request, waiting at most {@code timeout} for all of them. */
  static Map<String, Optional<TopicObservation>> observe(
      Admin admin, List<String> topics, Duration timeout) {
    Map<String, KafkaFuture<TopicDescription>> futures =
        admin.describeTopics(topics).topicNameValues();
    Map<String, Optional<TopicObservation>> observations = new HashMap<>();
    long deadline = System.nanoTime() + timeout.toNanos();
    futures.forEach((topic, future) -> observations.put(topic, observe(topic, future, deadline)));
    return observations;
  }

  private static Optional<TopicObservation> observe(
      String topic, KafkaFuture<TopicDescription> future, long deadline) {
    try {
      TopicDescription description =
          future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      return Optional.of(TopicObservation.present(description.topicId().toString()));
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UnknownTopicOrPartitionException) {
        return Optional.of(TopicObservation.absent());
      }
      LOG.debug("Cannot describe topic {}: {}", topic, e.getCause().getMessage());
      return Optional.empty();
    } catch (TimeoutException e) {
      LOG.debug("No answer describing topic {}", topic);
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}
