package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.errors.MinkException;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.TopicObservation;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * What Kafka says of a topic now: present with its topic id, or absent. A read with a Kafka tail compares the id with
 * the one its table was added with, as a round's commit does, so that a topic deleted and created again under the same
 * name is never read as the continuation of the table's lake.
 */
@FunctionalInterface
public interface TopicIds {
  /** How long a read waits for Kafka to describe the topic. */
  Duration WAIT = Duration.ofSeconds(30);

  /**
   * The topic now; empty when Kafka did not answer in time. Kafka's own refusals (a missing Describe ACL, say) are
   * thrown as Kafka threw them, for the caller's error categories to name.
   */
  Optional<TopicObservation> observe(String topic);

  /** Describes the topic through the admin, which the caller keeps open while reads use it. */
  static TopicIds of(Admin admin) {
    requireNonNull(admin, "admin is null");
    return topic -> {
      try {
        TopicDescription description = admin
            .describeTopics(List.of(topic))
            .topicNameValues()
            .get(topic)
            .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        return Optional.of(TopicObservation.present(description.topicId().toString()));
      } catch (ExecutionException e) {
        if (e.getCause() instanceof UnknownTopicOrPartitionException) {
          return Optional.of(TopicObservation.absent());
        }
        if (e.getCause() instanceof TopicAuthorizationException refused
            && refused.unauthorizedTopics().isEmpty()) {
          throw named(refused, topic);
        }
        throw e.getCause() instanceof RuntimeException kafka
            ? kafka
            : new IllegalStateException("Cannot describe topic " + topic, e.getCause());
      } catch (TimeoutException e) {
        return Optional.empty();
      } catch (InterruptedException e) {
        throw MinkException.interrupted("describing topic " + topic, e);
      }
    };
  }

  /** The admin's refusal, naming the topic it refused, which the admin leaves out. */
  private static TopicAuthorizationException named(
      TopicAuthorizationException refused, String topic) {
    TopicAuthorizationException named =
        new TopicAuthorizationException(refused.getMessage(), Set.of(topic));
    named.addSuppressed(refused);
    return named;
  }

  /** Describes the topic through an admin of the factory's, opened for each look-up and closed after it. */
  static TopicIds connecting(KafkaClientFactory clients) {
    requireNonNull(clients, "clients is null");
    return topic -> {
      try (Admin admin = clients.admin()) {
        return of(admin).observe(topic);
      }
    };
  }
}
