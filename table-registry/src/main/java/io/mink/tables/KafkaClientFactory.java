package io.mink.tables;

import static java.util.Objects.requireNonNull;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.ByteBufferDeserializer;

/**
 * The one place Kafka clients are made, so the [kafka] settings (security included) and client ids
 * apply to every consumer, producer and admin Mink opens.
 */
public final class KafkaClientFactory {
  private final Map<String, String> settings;
  private final String clientIdPrefix;
  private final MinkTopics minkTopics;

  public KafkaClientFactory(Map<String, String> settings, String clientIdPrefix) {
    this(settings, clientIdPrefix, MinkTopics.DEFAULT);
  }

  /** @param minkTopics how Mink's own topics are created, on this cluster */
  public KafkaClientFactory(
      Map<String, String> settings, String clientIdPrefix, MinkTopics minkTopics) {
    this.settings = Map.copyOf(requireNonNull(settings, "settings is null"));
    this.clientIdPrefix = requireNonNull(clientIdPrefix, "clientIdPrefix is null");
    this.minkTopics = requireNonNull(minkTopics, "minkTopics is null");
  }

  /** How Mink's own topics are created on this cluster. */
  public MinkTopics minkTopics() {
    return minkTopics;
  }

  /** The [kafka] settings, secrets included: for what a message derives from them, never to print whole. */
  public Map<String, String> settings() {
    return settings;
  }

  public String bootstrapServers() {
    return settings.getOrDefault(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, "");
  }

  public Admin admin() {
    Map<String, Object> config = base("admin");
    config.putIfAbsent(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 60_000);
    return Admin.create(config);
  }

  /** An admin that gives up quickly, for commands a person waits on. */
  public Admin admin(int timeoutMillis) {
    Map<String, Object> config = base("admin");
    config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, timeoutMillis);
    config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Math.min(timeoutMillis, 30_000));
    return Admin.create(config);
  }

  /**
   * A consumer of raw records for assign-and-seek reads, never subscribed: offsets come from the
   * lake, so the group's committed offsets are not read. Read committed, so aborted transactions
   * never become rows. It never creates a topic: a metadata lookup of a deleted topic (a user's or
   * Mink's own) must find it gone, not create it again on a broker with auto.create.topics.enable,
   * so no setting can turn {@code allow.auto.create.topics} on.
   */
  public KafkaConsumer<byte[], byte[]> rawConsumer(String purpose, Map<String, Object> overrides) {
    return new KafkaConsumer<>(
        consumerConfig(purpose, overrides),
        new ByteArrayDeserializer(),
        new ByteArrayDeserializer());
  }

  /** The settings of {@link #rawConsumer}: [kafka]'s, then Mink's, then {@code overrides}, then the topic guard. */
  Map<String, Object> consumerConfig(String purpose, Map<String, Object> overrides) {
    Map<String, Object> config = base(purpose);
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
    config.remove(ConsumerConfig.GROUP_ID_CONFIG);
    config.putAll(overrides);
    config.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
    return config;
  }

  /**
   * Like {@link #rawConsumer}, with {@code tuning} (such as fetch sizes) applied only where the [kafka] settings do
   * not set the property themselves.
   */
  public KafkaConsumer<byte[], byte[]> tunedConsumer(String purpose, Map<String, Object> tuning) {
    return rawConsumer(purpose, untuned(tuning));
  }

  /**
   * Like {@link #tunedConsumer}, but each record's key and value are slices of the buffer Kafka
   * fetched (or, for a compressed batch, of the buffer it decompressed the record into) rather than arrays
   * copied out of it: for a reader that copies each part once, straight to where it goes. A slice is valid
   * only until the next poll.
   */
  public KafkaConsumer<ByteBuffer, ByteBuffer> tunedSliceConsumer(
      String purpose, Map<String, Object> tuning) {
    return new KafkaConsumer<>(
        consumerConfig(purpose, untuned(tuning)),
        new ByteBufferDeserializer(),
        new ByteBufferDeserializer());
  }

  /** The tuning properties the [kafka] settings leave to Mink. */
  Map<String, Object> untuned(Map<String, Object> tuning) {
    Map<String, Object> left = new HashMap<>(tuning);
    left.keySet().removeAll(settings.keySet());
    return left;
  }

  /**
   * A producer for Mink's own topics only. Kafka's producers ask the broker to create a topic they look up, so
   * callers check that their topic exists right before they write and keep producers only as long as they write.
   */
  public KafkaProducer<byte[], byte[]> rawProducer(String purpose, Map<String, Object> overrides) {
    Map<String, Object> config = base(purpose);
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    config.putAll(overrides);
    return new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer());
  }

  private Map<String, Object> base(String purpose) {
    Map<String, Object> config = new HashMap<>(settings);
    String clientId = settings.getOrDefault(CommonClientConfigs.CLIENT_ID_CONFIG, clientIdPrefix);
    config.put(
        CommonClientConfigs.CLIENT_ID_CONFIG,
        clientId + "-" + purpose + "-" + UUID.randomUUID().toString().substring(0, 8));
    return config;
  }
}
