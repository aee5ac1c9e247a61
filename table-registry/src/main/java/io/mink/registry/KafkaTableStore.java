package io.mink.registry;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.ConcurrentTransactionsException;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The added tables in a compacted Kafka topic: key the qualified table name, value the descriptor
 * as JSON, a tombstone for a removed table. Mink needs nothing beyond Kafka and the catalog. Changes
 * are transactional compare-and-sets ({@link #transactionalId()}).
 */
public final class KafkaTableStore implements TableStore {
  private static final Logger LOG = LoggerFactory.getLogger(KafkaTableStore.class);
  private static final Duration TRANSACTION_TIMEOUT = Duration.ofSeconds(15);
  private static final int CAS_ATTEMPTS = 20;

  private final KafkaClientFactory clients;
  private final String topic;
  private final TablesTopicReader reader;
  private KafkaProducer<byte[], byte[]> producer;
  private KafkaProducer<byte[], byte[]> writer;

  public KafkaTableStore(KafkaClientFactory clients, String topic) {
    this.clients = requireNonNull(clients, "clients is null");
    this.topic = requireNonNull(topic, "topic is null");
    this.reader = new TablesTopicReader(clients, topic);
  }

  /** Creates the compacted topic when it does not exist yet. */
  public void ensureTopic(Admin admin) {
    CompactedTopic.ensure(admin, topic, "tables");
  }

  @Override
  public List<TableDescriptor> list() {
    return new ArrayList<>(read().values());
  }

  @Override
  public Optional<TableDescriptor> find(String qualifiedName) {
    return Optional.ofNullable(read().get(qualifiedName));
  }

  /** Every entry of the topic, read to its end under read_committed, by qualified name. */
  private synchronized Map<String, TableDescriptor> read() {
    return reader.readToEnd();
  }

  @Override
  public boolean add(TableDescriptor descriptor) {
    return compareAndSet(descriptor.qualifiedName(), null, TableDescriptorCodec.encode(descriptor));
  }

  @Override
  public boolean replace(TableDescriptor expected, TableDescriptor updated) {
    if (!expected.qualifiedName().equals(updated.qualifiedName())) {
      throw new IllegalArgumentException("Cannot replace table " + expected.qualifiedName() + " by "
          + updated.qualifiedName() + ": a table keeps its name");
    }
    return compareAndSet(expected.qualifiedName(), requireNonNull(expected), TableDescriptorCodec.encode(updated));
  }

  @Override
  public boolean delete(TableDescriptor expected) {
    return compareAndSet(expected.qualifiedName(), requireNonNull(expected), null);
  }

  @Override
  public Subscription subscribe(Runnable onChange) {
    return new TablesTopicTail(clients, topic, onChange);
  }

  @Override
  public void put(TableDescriptor descriptor) {
    send(descriptor.qualifiedName(), TableDescriptorCodec.encode(descriptor));
  }

  /**
   * Writes {@code value} under {@code key} if the entry is {@code expected} (null: no entry). Every writer of the
   * store shares one transactional id, and each starts its first change with {@code initTransactions}, which fences
   * every other writer: a writer can only commit while no other started after it, so what it read (to the end, no
   * other transaction being open) is still current. A fenced writer starts over with a new producer.
   */
  private synchronized boolean compareAndSet(String key, TableDescriptor expected, byte[] value) {
    TableDescriptor wanted = value == null ? null : TableDescriptorCodec.decode(value);
    boolean uncertain = false;
    RuntimeException last = null;
    for (int attempt = 1; attempt <= CAS_ATTEMPTS; attempt++) {
      try {
        KafkaProducer<byte[], byte[]> writer = writer();
        TableDescriptor current = reader.readToEnd().get(key);
        if (!Objects.equals(current, expected)) {
          return uncertain && Objects.equals(current, wanted);
        }
        writer.beginTransaction();
        long offset = writer.send(new ProducerRecord<>(topic, 0, key.getBytes(StandardCharsets.UTF_8), value))
            .get().offset();
        writer.commitTransaction();
        reader.readPast(offset);
        return true;
      } catch (ExecutionException e) {
        closeWriter();
        last = retryOrThrow(key, e.getCause());
      } catch (KafkaException e) {
        closeWriter();
        last = retryOrThrow(key, e);
        uncertain |= !isFenced(e);
      } catch (InterruptedException e) {
        closeWriter();
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while writing table " + key, e);
      }
      LOG.debug("Change of table {} in {} met another writer (attempt {}), starting over: {}", key, topic, attempt,
          last.getMessage());
      backOff(attempt);
    }
    throw new IllegalStateException("Cannot write table " + key + " to the tables topic " + topic + ": other writers "
        + "changed it " + CAS_ATTEMPTS + " times in a row. Try again", last);
  }

  /** The failure to retry the change after, or throws when retrying cannot help, as when Mink may not write. */
  private RuntimeException retryOrThrow(String key, Throwable failure) {
    if (failure instanceof AuthorizationException || failure instanceof AuthenticationException
        || !(failure instanceof KafkaException)) {
      throw cannotWrite(key, failure);
    }
    return (KafkaException) failure;
  }

  private KafkaProducer<byte[], byte[]> writer() {
    if (writer == null) {
      KafkaProducer<byte[], byte[]> created = clients.rawProducer("tables-writer", Map.of(
          ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId(),
          ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, (int) TRANSACTION_TIMEOUT.toMillis()));
      try {
        created.initTransactions();
      } catch (RuntimeException e) {
        created.close(Duration.ZERO);
        throw e;
      }
      writer = created;
    }
    return writer;
  }

  private void closeWriter() {
    if (writer != null) {
      writer.close(Duration.ZERO);
      writer = null;
    }
  }

  private static boolean isFenced(Throwable error) {
    for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof ProducerFencedException || cause instanceof InvalidProducerEpochException
          || cause instanceof ConcurrentTransactionsException) {
        return true;
      }
    }
    return false;
  }

  /** The transactional id every writer of this store shares: it needs the TransactionalId Write ACL. */
  public String transactionalId() {
    return topic + "-writer";
  }

  private IllegalStateException cannotWrite(String key, Throwable cause) {
    return new IllegalStateException("Cannot write table " + key + " to the tables topic " + topic + ": "
        + cause.getMessage() + ". Check that Kafka is up and that Mink may write the topic and use the "
        + "transactional id " + transactionalId(), cause);
  }

  private static void backOff(int attempt) {
    long millis = ThreadLocalRandom.current().nextLong(20, 100L * Math.min(attempt, 10));
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while writing the tables topic", e);
    }
  }

  private synchronized void send(String key, byte[] value) {
    if (producer == null) {
      producer = clients.rawProducer("tables", Map.of());
    }
    try {
      producer.send(new ProducerRecord<>(topic, 0, key.getBytes(StandardCharsets.UTF_8), value)).get();
    } catch (ExecutionException e) {
      throw cannotWrite(key, e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while writing table " + key, e);
    }
  }

  @Override
  public synchronized void close() {
    closeWriter();
    reader.close();
    if (producer != null) {
      producer.close(Duration.ofSeconds(10));
      producer = null;
    }
  }
}
