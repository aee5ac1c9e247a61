package io.mink.indexer.schedule;

import static java.util.Objects.requireNonNull;

import io.mink.tables.CompactedTopic;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.acl.AccessDenied;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.InvalidSessionTimeoutException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This instance's membership in the ownership group: a consumer of its own thread, subscribed to the
 * ownership topic with Kafka's classic group protocol and the cooperative sticky assignor, that polls
 * all the time so it never misses its poll interval. It reads no records (its partitions are paused);
 * it exists for the partitions Kafka assigns it, which say which tables this instance owns. A member
 * that stops heartbeating for the session timeout (a killed process) is dropped by Kafka and its
 * partitions go to the other members.
 */
public final class GroupMembership implements AutoCloseable {
  /** Partitions of an ownership topic Mink creates: at most this many instances share the tables. */
  public static final int DEFAULT_PARTITIONS = 32;

  private static final Logger LOG = LoggerFactory.getLogger(GroupMembership.class);
  private static final Duration POLL = Duration.ofMillis(100);
  private static final Duration TOPIC_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);
  /** The longest {@link #close()} waits: the member's poll to wake up, then its leave request. */
  static final Duration LONGEST_CLOSE = CLOSE_TIMEOUT.multipliedBy(2);

  private final KafkaClientFactory clients;
  private final String groupId;
  private final String topic;
  private final Duration sessionTimeout;
  private final MembershipListener listener;
  private volatile boolean closed;
  private volatile String joinProblem;
  private volatile KafkaConsumer<byte[], byte[]> consumer;
  private Thread thread;

  public GroupMembership(
      KafkaClientFactory clients,
      String groupId,
      String topic,
      Duration sessionTimeout,
      MembershipListener listener) {
    this.clients = requireNonNull(clients, "clients is null");
    this.groupId = requireNonNull(groupId, "groupId is null");
    this.topic = requireNonNull(topic, "topic is null");
    this.sessionTimeout = requireNonNull(sessionTimeout, "sessionTimeout is null");
    this.listener = requireNonNull(listener, "listener is null");
  }

  /** Creates the ownership topic when missing and joins the group on a thread of its own. */
  public synchronized void start() {
    if (thread != null) {
      return;
    }
    int partitionCount;
    try (Admin admin = clients.admin()) {
      partitionCount = ensureTopic(admin);
    }
    consumer = clients.rawConsumer(
        "owners",
        Map.of(
            ConsumerConfig.GROUP_ID_CONFIG,
            groupId,
            ConsumerConfig.GROUP_PROTOCOL_CONFIG,
            "classic",
            ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG,
            CooperativeStickyAssignor.class.getName(),
            ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG,
            (int) sessionTimeout.toMillis(),
            ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG,
            (int) Math.max(1, sessionTimeout.toMillis() / 3),
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
            "latest"));
    thread = new Thread(() -> run(partitionCount), "mink-membership");
    thread.setDaemon(true);
    thread.start();
  }

  private void run(int partitionCount) {
    KafkaConsumer<byte[], byte[]> member = consumer;
    try {
      member.subscribe(List.of(topic), rebalanceListener(member, partitionCount));
      pollUntilClosed(member);
    } finally {
      try {
        member.close(CloseOptions.timeout(CLOSE_TIMEOUT));
      } catch (RuntimeException e) {
        LOG.warn("Cannot leave group {} cleanly: {}", groupId, e.getMessage());
      }
    }
  }

  /** Hands partitions this instance gained or lost to the listener, pausing their fetch: it never reads them. */
  private ConsumerRebalanceListener rebalanceListener(
      KafkaConsumer<byte[], byte[]> member, int partitionCount) {
    return new ConsumerRebalanceListener() {
      @Override
      public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        if (!partitions.isEmpty()) {
          LOG.info(
              "Handing over ownership partitions {} of group {}", numbers(partitions), groupId);
          listener.revoked(numbers(partitions));
        }
      }

      @Override
      public void onPartitionsLost(Collection<TopicPartition> partitions) {
        if (!partitions.isEmpty()) {
          LOG.warn(
              "Lost ownership partitions {} of group {}: this instance missed its session timeout",
              numbers(partitions),
              groupId);
          listener.revoked(numbers(partitions));
        }
      }

      @Override
      public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
        member.pause(member.assignment());
        joinProblem = null;
        int generation = member.groupMetadata().generationId();
        if (!partitions.isEmpty()) {
          LOG.info(
              "Took ownership partitions {} of group {} in generation {}; holding {} of {}",
              numbers(partitions),
              groupId,
              generation,
              member.assignment().size(),
              partitionCount);
        }
        listener.assigned(numbers(partitions), generation, partitionCount);
      }
    };
  }

  /** Polls the group until closed: the rebalances call the listener from within the poll. */
  private void pollUntilClosed(KafkaConsumer<byte[], byte[]> member) {
    while (!closed) {
      try {
        member.poll(POLL);
      } catch (WakeupException e) {
        // close() woke it up
      } catch (InvalidSessionTimeoutException e) {
        joinProblem =
            "the brokers refuse the session timeout of " + sessionTimeout.toMillis() + " ms: set "
                + "[indexer] session_timeout within their group.min.session.timeout.ms and group.max.session.timeout.ms "
                + "(6s to 30m by default)";
        LOG.error(
            "Cannot join group {}: {}; this instance tiers nothing until it joins",
            groupId,
            joinProblem);
        sleep(2_000);
      } catch (RuntimeException e) {
        if (closed) {
          break;
        }
        if (AccessDenied.isDenied(e)) {
          joinProblem =
              "Kafka denies Mink's principal access to the group or its topic (" + e.getMessage()
                  + "): grant what docs/operations.md (\"Security\") lists for mink serve";
          LOG.warn("Cannot join group {}, retrying: {}", groupId, joinProblem);
        } else {
          LOG.warn("Membership in group {} failed, retrying: {}", groupId, e.getMessage(), e);
        }
        sleep(1_000);
      }
    }
  }

  /** Creates the topic when it does not exist and returns its partition count. */
  private int ensureTopic(Admin admin) {
    long deadline = System.nanoTime() + TOPIC_TIMEOUT.toNanos();
    while (true) {
      try {
        TopicDescription description =
            admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
        return description.partitions().size();
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
          throw new IllegalStateException(
              "Cannot read the ownership topic " + topic + ": " + e.getCause().getMessage()
                  + ". Check Mink's ACLs on it",
              e.getCause());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(
            "Interrupted while reading the ownership topic " + topic, e);
      }
      create(admin);
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("The ownership topic " + topic + " does not show up within "
            + TOPIC_TIMEOUT.toSeconds() + "s of its creation: check the brokers");
      }
      sleep(100);
    }
  }

  private void create(Admin admin) {
    try {
      int brokers = admin.describeCluster().nodes().get().size();
      NewTopic newTopic = new NewTopic(
              topic, DEFAULT_PARTITIONS, clients.minkTopics().replicationFactorFor(brokers))
          .configs(CompactedTopic.configs(
              clients.minkTopics(),
              Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT)));
      admin.createTopics(List.of(newTopic)).all().get();
      LOG.info("Created the ownership topic {} with {} partitions", topic, DEFAULT_PARTITIONS);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof TopicExistsException)) {
        throw new IllegalStateException(
            "Cannot create the ownership topic " + topic + ": " + e.getCause().getMessage()
                + ". Create it yourself (" + DEFAULT_PARTITIONS
                + " partitions, never written to), or check Mink's ACLs",
            e.getCause());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while creating the ownership topic " + topic, e);
    }
  }

  private static Set<Integer> numbers(Collection<TopicPartition> partitions) {
    Set<Integer> numbers = new TreeSet<>();
    partitions.forEach(partition -> numbers.add(partition.partition()));
    return numbers;
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Why this instance cannot join the group, while it cannot. */
  public Optional<String> joinProblem() {
    return Optional.ofNullable(joinProblem);
  }

  /** Leaves the group, so Kafka gives this instance's partitions to the others at once. */
  @Override
  public void close() {
    Thread running;
    synchronized (this) {
      closed = true;
      running = thread;
    }
    if (running == null) {
      return;
    }
    consumer.wakeup();
    try {
      running.join(LONGEST_CLOSE.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
