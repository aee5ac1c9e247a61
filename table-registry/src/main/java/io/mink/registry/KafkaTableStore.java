package io.mink.registry;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The added tables in a compacted Kafka topic: key the qualified table name, value the descriptor
 * as JSON, a tombstone for a removed table. Mink needs nothing beyond Kafka and the catalog.
 */
public final class KafkaTableStore implements TableStore {
  private static final Logger LOG = LoggerFactory.getLogger(KafkaTableStore.class);
  private static final Duration READ_TIMEOUT = Duration.ofSeconds(60);

  private final KafkaClientFactory clients;
  private final String topic;
  private final TopicPartition partition;
  private KafkaProducer<byte[], byte[]> producer;

  public KafkaTableStore(KafkaClientFactory clients, String topic) {
    this.clients = requireNonNull(clients, "clients is null");
    this.topic = requireNonNull(topic, "topic is null");
    this.partition = new TopicPartition(topic, 0);
  }

  /** Creates the compacted topic when it does not exist yet. */
  public void ensureTopic(Admin admin) {
    try {
      if (admin.listTopics().names().get().contains(topic)) {
        return;
      }
      int brokers = admin.describeCluster().nodes().get().size();
      NewTopic newTopic = new NewTopic(topic, 1, (short) Math.min(3, Math.max(1, brokers)))
          .configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT));
      admin.createTopics(List.of(newTopic)).all().get();
      LOG.info("Created the tables topic {}", topic);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof TopicExistsException)) {
        throw new IllegalStateException("Cannot create the tables topic " + topic + ": " + e.getCause().getMessage()
            + ". Create it yourself as a compacted topic with one partition, or check Mink's ACLs", e.getCause());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while creating the tables topic " + topic, e);
    }
  }

  @Override
  public List<TableDescriptor> list() {
    Map<String, TableDescriptor> tables = new LinkedHashMap<>();
    try (KafkaConsumer<byte[], byte[]> consumer = clients.rawConsumer("tables", Map.of())) {
      if (consumer.partitionsFor(topic, READ_TIMEOUT).isEmpty()) {
        return List.of();
      }
      consumer.assign(Set.of(partition));
      consumer.seekToBeginning(Set.of(partition));
      long end = consumer.endOffsets(Set.of(partition), READ_TIMEOUT).get(partition);
      long deadline = System.nanoTime() + READ_TIMEOUT.toNanos();
      while (consumer.position(partition, READ_TIMEOUT) < end) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("Cannot read the tables topic " + topic + " to its end within "
              + READ_TIMEOUT.toSeconds() + "s: check that its partition has a leader");
        }
        for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
          String name = new String(record.key(), StandardCharsets.UTF_8);
          if (record.value() == null) {
            tables.remove(name);
          } else {
            try {
              tables.put(name, TableDescriptorCodec.decode(record.value()));
            } catch (IllegalArgumentException e) {
              LOG.error("Skipping entry {} at offset {} of {}: {}", name, record.offset(), topic, e.getMessage());
            }
          }
        }
      }
    }
    return new ArrayList<>(tables.values());
  }

  @Override
  public void put(TableDescriptor descriptor) {
    send(descriptor.qualifiedName(), TableDescriptorCodec.encode(descriptor));
  }

  @Override
  public void remove(String qualifiedName) {
    send(qualifiedName, null);
  }

  private synchronized void send(String key, byte[] value) {
    if (producer == null) {
      producer = clients.rawProducer("tables", Map.of());
    }
    try {
      producer.send(new ProducerRecord<>(topic, 0, key.getBytes(StandardCharsets.UTF_8), value)).get();
    } catch (ExecutionException e) {
      throw new IllegalStateException("Cannot write table " + key + " to the tables topic " + topic + ": "
          + e.getCause().getMessage(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while writing table " + key, e);
    }
  }

  @Override
  public synchronized void close() {
    if (producer != null) {
      producer.close(Duration.ofSeconds(10));
      producer = null;
    }
  }
}
