package io.mink.testkit;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.awaitility.pollinterval.IterativePollInterval;

/** Topic changes that return only once every broker's metadata shows them. */
final class Topics {
  private static final Duration FIRST_PAUSE = Duration.ofMillis(10);
  private static final Duration MAX_PAUSE = Duration.ofMillis(250);

  private final Admin admin;
  private final Duration timeout;

  Topics(Admin admin, Duration timeout) {
    this.admin = requireNonNull(admin, "admin is null");
    this.timeout = requireNonNull(timeout, "timeout is null");
  }

  /**
   * Creates the topic and waits until every partition's leader serves it. Metadata shows a leader a moment before the
   * leader can append; an idempotent producer sending in that moment can lose its first batch (KAFKA-15591), so this
   * also waits until each leader answers a ListOffsets request, which takes the same path as a produce request.
   */
  Uuid create(String name, int partitions, Map<String, String> topicConfigs) {
    requireNonNull(name, "name is null");
    requireNonNull(topicConfigs, "topicConfigs is null");
    if (partitions < 1) {
      throw new IllegalArgumentException(
          "Cannot create topic " + name + " with " + partitions + " partitions: use 1 or more");
    }
    NewTopic topic =
        new NewTopic(name, Optional.of(partitions), Optional.empty()).configs(topicConfigs);
    Uuid topicId;
    try {
      topicId = KafkaCalls.await(
          admin.createTopics(List.of(topic)).topicId(name), timeout, "create topic " + name);
    } catch (TopicExistsException e) {
      throw new IllegalStateException(
          "Cannot create topic " + name
              + ": it already exists; delete it first or use another name",
          e);
    }
    waitFor("topic " + name + " (id " + topicId + ") to have a leader for each of its " + partitions
            + " partitions")
        .until(() -> describe(name)
            .filter(description -> hasLeaders(description, topicId, partitions))
            .isPresent());
    waitFor("the leaders of topic " + name + " to answer for every partition")
        .until(() -> endOffsets(name, IsolationLevel.READ_UNCOMMITTED) != null);
    return topicId;
  }

  /** Deletes the topic and waits until the brokers no longer describe it. */
  void delete(String name) {
    requireNonNull(name, "name is null");
    try {
      KafkaCalls.await(admin.deleteTopics(List.of(name)).all(), timeout, "delete topic " + name);
    } catch (UnknownTopicOrPartitionException e) {
      throw new IllegalArgumentException("Cannot delete topic " + name + ": it does not exist", e);
    }
    waitFor("topic " + name + " to be gone after its deletion")
        .until(() -> describe(name).isEmpty());
  }

  Uuid topicId(String name) {
    return existing(name, "look up the id of").topicId();
  }

  /** The next offset of each partition: the high watermark, or under READ_COMMITTED the last stable offset. */
  Map<Integer, Long> endOffsets(String name, IsolationLevel isolationLevel) {
    requireNonNull(isolationLevel, "isolationLevel is null");
    Map<TopicPartition, OffsetSpec> request =
        existing(name, "list the end offsets of").partitions().stream()
            .collect(Collectors.toMap(
                partition -> new TopicPartition(name, partition.partition()),
                partition -> OffsetSpec.latest()));
    Map<TopicPartition, ListOffsetsResultInfo> offsets = KafkaCalls.await(
        admin.listOffsets(request, new ListOffsetsOptions(isolationLevel)).all(),
        timeout,
        "list the end offsets of topic " + name);
    return offsets.entrySet().stream()
        .collect(Collectors.toMap(
            entry -> entry.getKey().partition(),
            entry -> entry.getValue().offset(),
            (a, b) -> a,
            TreeMap::new));
  }

  /** The brokers' description of the topic, or empty when they do not know it. */
  Optional<TopicDescription> describe(String name) {
    try {
      Map<String, TopicDescription> descriptions = KafkaCalls.await(
          admin.describeTopics(List.of(name)).allTopicNames(), timeout, "describe topic " + name);
      return Optional.ofNullable(descriptions.get(name));
    } catch (UnknownTopicOrPartitionException e) {
      return Optional.empty();
    }
  }

  TopicDescription existing(String name, String action) {
    requireNonNull(name, "name is null");
    return describe(name)
        .orElseThrow(() -> new IllegalArgumentException("Cannot " + action + " topic " + name
            + ": it does not exist; create it first with createTopic"));
  }

  /**
   * Polls from at once, 10 ms after the first look and twice as long after each next one up to 250 ms, looking again
   * after Kafka's retriable errors, and fails with what it was waiting for once the timeout passes.
   */
  private ConditionFactory waitFor(String what) {
    return Awaitility.await(what)
        .atMost(timeout)
        .pollInSameThread()
        .pollDelay(Duration.ZERO)
        .pollInterval(IterativePollInterval.iterative(
            pause -> min(pause.multipliedBy(2), MAX_PAUSE), FIRST_PAUSE))
        .ignoreExceptionsInstanceOf(RetriableException.class);
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  private static boolean hasLeaders(TopicDescription description, Uuid topicId, int partitions) {
    List<TopicPartitionInfo> infos = description.partitions();
    return description.topicId().equals(topicId)
        && infos.size() == partitions
        && infos.stream()
            .map(TopicPartitionInfo::leader)
            .allMatch(leader -> leader != null && !leader.isEmpty());
  }
}
