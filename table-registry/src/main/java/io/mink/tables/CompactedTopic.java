package io.mink.tables;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Mink's own compacted topics of one partition, such as the tables and the status topic, created when missing. */
public final class CompactedTopic {
  private static final Logger LOG = LoggerFactory.getLogger(CompactedTopic.class);
  private static final Duration VISIBLE_WAIT = Duration.ofSeconds(30);
  private static final Duration VISIBLE_RETRY = Duration.ofMillis(100);

  private CompactedTopic() {}

  /**
   * Creates the topic, compacted with one partition, unless it exists.
   *
   * @param purpose what the topic is, for messages: "tables", "status"
   * @param settings its replication factor and min.insync.replicas
   */
  public static void ensure(Admin admin, String topic, String purpose, MinkTopics settings) {
    try {
      if (admin.listTopics().names().get().contains(topic)) {
        return;
      }
      int brokers = admin.describeCluster().nodes().get().size();
      NewTopic newTopic = new NewTopic(topic, 1, settings.replicationFactorFor(brokers))
          .configs(configs(
              settings,
              Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT)));
      admin.createTopics(List.of(newTopic)).all().get();
      awaitVisible(admin, topic, purpose);
      LOG.info("Created the {} topic {}", purpose, topic);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof TopicExistsException)) {
        throw new TableStoreException(
            "Cannot create the " + purpose + " topic " + topic + ": "
                + e.getCause().getMessage()
                + ". Create it yourself as a compacted topic with one partition, set "
                + "[indexer] topic_replication_factor to at most the number of brokers, or check Mink's ACLs",
            e.getCause());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(
          "Interrupted while creating the " + purpose + " topic " + topic, e);
    }
  }

  /**
   * Waits until the brokers' metadata shows the topic with a leader: its creation returns once the controller
   * has it, and a broker learns of it a moment later (seconds on a loaded cluster), until then answering that
   * it does not host it.
   */
  private static void awaitVisible(Admin admin, String topic, String purpose)
      throws InterruptedException, ExecutionException {
    long deadline = System.nanoTime() + VISIBLE_WAIT.toNanos();
    while (true) {
      try {
        TopicDescription description =
            admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
        if (description != null
            && description.partitions().stream()
                .allMatch(partition -> partition.leader() != null)) {
          return;
        }
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
          throw e;
        }
      }
      if (System.nanoTime() > deadline) {
        throw new TableStoreException("Created the " + purpose + " topic " + topic
            + ", but the brokers did not show it with a leader within " + VISIBLE_WAIT.toSeconds()
            + " s: check that the brokers are up and in sync, then run the command again");
      }
      Thread.sleep(VISIBLE_RETRY.toMillis());
    }
  }

  /** {@code configs} with min.insync.replicas when the settings give one. */
  public static Map<String, String> configs(MinkTopics settings, Map<String, String> configs) {
    Map<String, String> all = new HashMap<>(configs);
    if (settings.minInsyncReplicas() > 0) {
      all.put(
          TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, Integer.toString(settings.minInsyncReplicas()));
    }
    return all;
  }
}
