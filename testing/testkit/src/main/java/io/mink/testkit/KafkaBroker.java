package io.mink.testkit;

import static java.util.Objects.requireNonNull;

import io.mink.testkit.security.SecuredListeners;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import kafka.server.BrokerServer;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.network.ListenerName;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An in-process Kafka cluster of one node that is both broker and KRaft controller (or of more brokers, see
 * {@link #KafkaBroker(Map, int)}).
 *
 * <p>In JUnit 5, register it on a static field, so it starts before the class's first test and stops after its last:
 * {@code @RegisterExtension static final KafkaBroker KAFKA = new KafkaBroker();}. Elsewhere call {@link #start()} and
 * {@link #close()}. Starting a running broker does nothing; closing a stopped one does nothing; a closed broker can
 * start again, as a new empty cluster on new ports.
 *
 * <p>Create topics with {@link #createTopic(String, int)}. Like a broker with Kafka's defaults, it also creates a
 * topic a client looks up, unless it was started with {@link #AUTO_CREATE_OFF}.
 */
public final class KafkaBroker implements AutoCloseable, BeforeAllCallback, AfterAllCallback {
  /**
   * Kafka's defaults, except for what a fast single-node start needs (replication factors of one, fewer internal
   * partitions, no initial rebalance delay), time-based retention off (test records carry fixed timestamps from
   * 2023, which a 7-day retention would delete while a test runs), and consumer group sessions as short as 500 ms,
   * so tests can watch a killed sidecar's tables move in seconds. Topics are created automatically on lookup, as
   * Kafka's default {@code auto.create.topics.enable=true} does on most self-managed clusters. The constructor's
   * properties override these.
   */
  public static final Map<String, String> DEFAULT_BROKER_PROPERTIES = Map.of(
      "group.initial.rebalance.delay.ms", "0",
      "group.min.session.timeout.ms", "500",
      "offsets.topic.replication.factor", "1",
      "offsets.topic.num.partitions", "4",
      "transaction.state.log.replication.factor", "1",
      "transaction.state.log.min.isr", "1",
      "transaction.state.log.num.partitions", "4",
      "log.retention.ms", "-1");

  /** Topics are never created on lookup, as on most managed clusters: {@code new KafkaBroker(AUTO_CREATE_OFF)}. */
  public static final Map<String, String> AUTO_CREATE_OFF =
      Map.of("auto.create.topics.enable", "false");

  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final Duration CLIENT_CLOSE_TIMEOUT = Duration.ofSeconds(5);

  private final Map<String, String> brokerProperties;
  private final int brokers;
  private final SecuredListeners security;
  private KafkaClusterTestKit cluster;
  private Admin admin;
  private KafkaProducer<byte[], byte[]> producer;
  private Topics topics;
  private String startedByTestContainer;

  public KafkaBroker() {
    this(Map.of());
  }

  /** A broker with {@link #DEFAULT_BROKER_PROPERTIES} overridden or extended by {@code brokerProperties}. */
  public KafkaBroker(Map<String, String> brokerProperties) {
    this(brokerProperties, 1, null);
  }

  /**
   * A cluster of {@code brokers} brokers, with ids from 0: broker 0 is also the KRaft controller. For tests of what
   * happens when one broker is gone and the others serve on; replication factors stay one.
   */
  public KafkaBroker(Map<String, String> brokerProperties, int brokers) {
    this(brokerProperties, brokers, null);
  }

  /**
   * A broker with ACLs on and a secured listener for Mink: {@link #clientProperties()} are then the test admin's (a
   * super user), and {@link #minkClientProperties()} Mink's.
   */
  public KafkaBroker(SecuredListeners security) {
    this(security.brokerProperties(), 1, security);
  }

  private KafkaBroker(
      Map<String, String> brokerProperties, int brokers, SecuredListeners security) {
    Map<String, String> merged = new HashMap<>(DEFAULT_BROKER_PROPERTIES);
    merged.putAll(requireNonNull(brokerProperties, "brokerProperties is null"));
    this.brokerProperties = Map.copyOf(merged);
    if (brokers < 1) {
      throw new IllegalArgumentException("brokers is " + brokers + ": use 1 or more");
    }
    this.brokers = brokers;
    this.security = security;
  }

  /** Starts the cluster and waits until the broker is ready for clients; returns at once if it is running. */
  public synchronized KafkaBroker start() {
    if (cluster != null) {
      return this;
    }
    KafkaClusterTestKit starting = null;
    try {
      TestKitNodes.Builder nodes = new TestKitNodes.Builder()
          .setCombined(true)
          .setNumBrokerNodes(brokers)
          .setNumControllerNodes(1);
      if (security != null) {
        security.configure(nodes);
      }
      KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(nodes.build());
      brokerProperties.forEach(builder::setConfigProp);
      starting = builder.build();
      starting.format();
      starting.startup();
      starting.waitForReadyBrokers();
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      IllegalStateException failure = new IllegalStateException(
          "Cannot start the in-process Kafka broker: " + e
              + "; check that java.io.tmpdir is writable and localhost ports can be bound",
          e);
      if (starting != null) {
        try {
          starting.close();
        } catch (Exception closeFailure) {
          failure.addSuppressed(closeFailure);
        }
      }
      throw failure;
    }
    cluster = starting;
    if (security != null) {
      security.started(admin());
    }
    return this;
  }

  /** Stops the clients this broker made and the cluster, and deletes its files; does nothing if it is not running. */
  @Override
  public synchronized void close() {
    if (cluster == null) {
      return;
    }
    List<Exception> failures = new ArrayList<>();
    if (producer != null) {
      closeCollecting(() -> producer.close(CLIENT_CLOSE_TIMEOUT), failures);
    }
    if (admin != null) {
      closeCollecting(() -> admin.close(CLIENT_CLOSE_TIMEOUT), failures);
    }
    closeCollecting(cluster::close, failures);
    producer = null;
    admin = null;
    topics = null;
    cluster = null;
    startedByTestContainer = null;
    if (!failures.isEmpty()) {
      IllegalStateException failure = new IllegalStateException(
          "The in-process Kafka broker did not shut down cleanly: " + failures.get(0),
          failures.get(0));
      failures.subList(1, failures.size()).forEach(failure::addSuppressed);
      throw failure;
    }
  }

  @Override
  public synchronized void beforeAll(ExtensionContext context) {
    if (cluster == null) {
      start();
      startedByTestContainer = context.getUniqueId();
    }
  }

  /** Stops the broker after the test class that started it; nested classes leave it running for their outer class. */
  @Override
  public synchronized void afterAll(ExtensionContext context) {
    if (context.getUniqueId().equals(startedByTestContainer)) {
      close();
    }
  }

  /** The properties the broker starts with: the defaults, then the constructor's. */
  Map<String, String> brokerProperties() {
    return brokerProperties;
  }

  public synchronized boolean isRunning() {
    return cluster != null;
  }

  /**
   * Shuts every broker down, as a rolling restart or a crash of the broker processes would, keeping their log
   * directories and the KRaft controller: clients see connections refused until {@link #startAgain()}. Topics,
   * records, committed offsets and transactions are kept.
   */
  public synchronized void stopServing() {
    running().brokers().keySet().forEach(this::stopServing);
  }

  /** Shuts broker {@code id} down, as {@link #stopServing()} does; the partitions it leads have no leader. */
  public synchronized void stopServing(int id) {
    BrokerServer server = brokerServer(id);
    server.shutdown();
    server.awaitShutdown();
  }

  /** Starts the brokers that {@link #stopServing()} stopped, on the same ports, and waits until they are ready. */
  public synchronized void startAgain() {
    running().brokers().keySet().forEach(id -> {
      if (brokerServer(id).isShutdown()) {
        brokerServer(id).startup();
      }
    });
    awaitReady();
  }

  /** Starts broker {@code id} again, on the same port, and waits until every broker is ready. */
  public synchronized void startAgain(int id) {
    brokerServer(id).startup();
    awaitReady();
  }

  /** Whether the brokers answer clients: started, and none stopped by {@link #stopServing()}. */
  public synchronized boolean isServing() {
    return cluster != null
        && cluster.brokers().values().stream().noneMatch(BrokerServer::isShutdown);
  }

  private void awaitReady() {
    try {
      cluster.waitForReadyBrokers();
    } catch (ExecutionException e) {
      throw new IllegalStateException(
          "The restarted Kafka broker did not become ready: " + e.getCause(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(
          "Interrupted while waiting for the restarted Kafka broker", e);
    }
  }

  private BrokerServer brokerServer(int id) {
    BrokerServer server = running().brokers().get(id);
    if (server == null) {
      throw new IllegalArgumentException(
          "No broker " + id + ": the brokers are " + running().brokers().keySet());
    }
    return server;
  }

  /** The broker's address for clients' {@code bootstrap.servers}, such as {@code localhost:40123}. */
  public synchronized String bootstrapServers() {
    return running().bootstrapServers();
  }

  /**
   * The settings every client of this broker needs: {@code bootstrap.servers}, and on a secured broker what the
   * test's admin, a super user, connects with.
   */
  public Map<String, Object> clientProperties() {
    Map<String, Object> properties = new HashMap<>();
    if (security != null) {
      properties.putAll(security.adminClientProperties());
    }
    properties.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
    return properties;
  }

  /** On a secured broker, what Mink connects with as {@code User:mink}: its listener and its credentials. */
  public synchronized Map<String, String> minkClientProperties() {
    if (security == null) {
      throw new IllegalStateException(
          "This broker has no secured listener: make it with new KafkaBroker(SecuredListeners...)");
    }
    int port = running()
        .brokers()
        .values()
        .iterator()
        .next()
        .boundPort(ListenerName.normalised(SecuredListeners.CLIENT_LISTENER));
    Map<String, String> properties = new HashMap<>(security.minkClientProperties());
    properties.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, "localhost:" + port);
    return properties;
  }

  /** One admin client shared by all callers; the broker closes it. */
  public synchronized Admin admin() {
    running();
    if (admin == null) {
      admin = Admin.create(clientProperties());
    }
    return admin;
  }

  /** Creates a topic with the broker's default settings, and returns once every partition has a leader. */
  public Uuid createTopic(String name, int partitions) {
    return createTopic(name, partitions, Map.of());
  }

  /** Creates a topic with the given topic-level settings, and returns once every partition has a leader. */
  public Uuid createTopic(String name, int partitions, Map<String, String> topicConfigs) {
    return topics().create(name, partitions, topicConfigs);
  }

  /** Deletes a topic, and returns once the broker no longer knows it. */
  public void deleteTopic(String name) {
    forgetTopics();
    topics().delete(name);
  }

  /**
   * Closes the shared producer, which knows the topics it produced to: a producer that looks a deleted topic up
   * again asks the broker to create it.
   */
  private synchronized void forgetTopics() {
    if (producer != null) {
      producer.close(CLIENT_CLOSE_TIMEOUT);
      producer = null;
    }
  }

  public Uuid topicId(String name) {
    return topics().topicId(name);
  }

  /** The high watermark of each partition: the offset the next record will get. */
  public Map<Integer, Long> endOffsets(String topic) {
    return endOffsets(topic, IsolationLevel.READ_UNCOMMITTED);
  }

  /** Under READ_COMMITTED, the last stable offset of each partition: where a read_committed consumer stops. */
  public Map<Integer, Long> endOffsets(String topic, IsolationLevel isolationLevel) {
    return topics().endOffsets(topic, isolationLevel);
  }

  /** A new producer the caller closes: acks=all, linger.ms=5, batch.size=256 KiB, byte-array serializers. */
  public KafkaProducer<byte[], byte[]> newProducer() {
    return newProducer(Map.of());
  }

  /** Like {@link #newProducer()} with more settings, such as a {@code transactional.id}. */
  public KafkaProducer<byte[], byte[]> newProducer(Map<String, Object> overrides) {
    Map<String, Object> properties = new HashMap<>(clientProperties());
    properties.put(ProducerConfig.ACKS_CONFIG, "all");
    properties.put(ProducerConfig.LINGER_MS_CONFIG, 5);
    properties.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
    properties.putAll(requireNonNull(overrides, "overrides is null"));
    return new KafkaProducer<>(properties, new ByteArraySerializer(), new ByteArraySerializer());
  }

  /**
   * A new consumer the caller closes, for {@code assign} and {@code seek}: no group, no auto-commit, read_committed,
   * reset to earliest, byte-array deserializers, and no topic created on lookup, so a test's own reads never bring
   * back a topic it deleted.
   */
  public KafkaConsumer<byte[], byte[]> newConsumer() {
    return newConsumer(Map.of());
  }

  /** Like {@link #newConsumer()} with more settings, such as a {@code group.id}. */
  public KafkaConsumer<byte[], byte[]> newConsumer(Map<String, Object> overrides) {
    Map<String, Object> properties = new HashMap<>(clientProperties());
    properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    properties.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
    properties.putAll(requireNonNull(overrides, "overrides is null"));
    return new KafkaConsumer<>(
        properties, new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }

  /**
   * Sends the records in order with one shared producer and waits until all are acknowledged; a record the broker has
   * not acknowledged within 30 seconds fails the call.
   *
   * @return the partition, offset and timestamp of each record, in the order given
   */
  public List<RecordMetadata> produce(String topic, List<TestRecord> records) {
    requireNonNull(records, "records is null");
    topics().existing(topic, "produce to");
    KafkaProducer<byte[], byte[]> sender = sharedProducer();
    List<Future<RecordMetadata>> sends = new ArrayList<>(records.size());
    for (TestRecord record : records) {
      sends.add(sender.send(record.toProducerRecord(topic)));
    }
    sender.flush();
    List<RecordMetadata> acknowledged = new ArrayList<>(sends.size());
    for (int i = 0; i < sends.size(); i++) {
      acknowledged.add(
          KafkaCalls.await(sends.get(i), TIMEOUT, "produce record " + i + " to topic " + topic));
    }
    return acknowledged;
  }

  private synchronized KafkaProducer<byte[], byte[]> sharedProducer() {
    running();
    if (producer == null) {
      producer = newProducer(Map.of(
          ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
          10_000,
          ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
          (int) TIMEOUT.toMillis()));
    }
    return producer;
  }

  private synchronized Topics topics() {
    if (topics == null) {
      topics = new Topics(admin(), TIMEOUT);
    }
    return topics;
  }

  private KafkaClusterTestKit running() {
    if (cluster == null) {
      throw new IllegalStateException(
          "The Kafka broker is not running: call start() first, or register it with "
              + "@RegisterExtension on a static field so JUnit starts it before the class's tests");
    }
    return cluster;
  }

  private interface Closing {
    void close() throws Exception;
  }

  private static void closeCollecting(Closing closing, List<Exception> failures) {
    try {
      closing.close();
    } catch (Exception e) {
      failures.add(e);
    }
  }
}
