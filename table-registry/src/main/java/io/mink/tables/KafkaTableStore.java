package io.mink.tables;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The added tables in a compacted Kafka topic: key the qualified table name, value the entry (descriptor and
 * revision) as JSON, a tombstone for a removed table, and a write id header on every record ({@link TableEntries}).
 * Mink needs nothing beyond Kafka and the catalog. Changes are transactional compare-and-sets
 * ({@link #transactionalId()}).
 */
public final class KafkaTableStore implements TableStore {
  private static final Logger LOG = LoggerFactory.getLogger(KafkaTableStore.class);
  private static final int CAS_ATTEMPTS = 20;

  private final KafkaClientFactory clients;
  private final String topic;
  private final TablesTopicReader reader;
  private final TransactionalEntryWriter writer;

  public KafkaTableStore(KafkaClientFactory clients, String topic) {
    this(
        clients,
        topic,
        new TablesTopicReader(clients, topic),
        TransactionalEntryWriter.CommitStep.KAFKA);
  }

  /** A store whose reader waits only {@code creationWait} for the topic it created to appear in the metadata. */
  KafkaTableStore(KafkaClientFactory clients, String topic, Duration creationWait) {
    this(
        clients,
        topic,
        new TablesTopicReader(clients, topic, creationWait),
        TransactionalEntryWriter.CommitStep.KAFKA);
  }

  /** A store whose transactions commit through {@code commitStep}, so tests can make a commit's outcome unknown. */
  KafkaTableStore(
      KafkaClientFactory clients, String topic, TransactionalEntryWriter.CommitStep commitStep) {
    this(clients, topic, new TablesTopicReader(clients, topic), commitStep);
  }

  private KafkaTableStore(
      KafkaClientFactory clients,
      String topic,
      TablesTopicReader reader,
      TransactionalEntryWriter.CommitStep commitStep) {
    this.clients = requireNonNull(clients, "clients is null");
    this.topic = requireNonNull(topic, "topic is null");
    this.reader = reader;
    this.writer = new TransactionalEntryWriter(clients, topic, transactionalId(), commitStep);
  }

  /**
   * Creates the compacted topic when it does not exist yet. From then on this store takes the topic's absence for a
   * deletion, never for a topic not created yet.
   */
  public synchronized void ensureTopic(Admin admin) {
    CompactedTopic.ensure(admin, topic, "tables", clients.minkTopics());
    reader.topicExists();
  }

  @Override
  public List<TableDescriptor> list() {
    return new ArrayList<>(read().values().stream().map(TableEntry::descriptor).toList());
  }

  /**
   * {@inheritDoc}
   *
   * @throws NewerEntryFormatException when the table's entry is of a newer format than this Mink reads
   */
  @Override
  public synchronized Optional<TableDescriptor> find(String qualifiedName) {
    Map<String, TableEntry> entries = read();
    refuseNewer(qualifiedName);
    return Optional.ofNullable(entries.get(qualifiedName)).map(TableEntry::descriptor);
  }

  @Override
  public synchronized List<NewerEntryFormatException> newerEntries() {
    read();
    return List.copyOf(reader.newerEntries().values());
  }

  @Override
  public synchronized AddedTables added() {
    Map<String, TableEntry> entries = read();
    return new AddedTables(
        entries.values().stream().map(TableEntry::descriptor).toList(),
        List.copyOf(reader.newerEntries().values()));
  }

  private void refuseNewer(String qualifiedName) {
    NewerEntryFormatException newer = reader.newerEntries().get(qualifiedName);
    if (newer != null) {
      throw newer;
    }
  }

  /** Every entry of the topic, read to its end under read_committed, by qualified name. */
  private synchronized Map<String, TableEntry> read() {
    return reader.readToEnd();
  }

  @Override
  public boolean add(TableDescriptor descriptor) {
    return compareAndSet(descriptor.qualifiedName(), null, descriptor);
  }

  @Override
  public boolean replace(TableDescriptor expected, TableDescriptor updated) {
    if (!expected.qualifiedName().equals(updated.qualifiedName())) {
      throw new IllegalArgumentException("Cannot replace table " + expected.qualifiedName() + " by "
          + updated.qualifiedName() + ": a table keeps its name");
    }
    return compareAndSet(
        expected.qualifiedName(), requireNonNull(expected), requireNonNull(updated));
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
  public synchronized void put(TableDescriptor descriptor) {
    TableEntry current = reader.readToEndOfExistingTopic().get(descriptor.qualifiedName());
    refuseNewer(descriptor.qualifiedName());
    send(
        descriptor.qualifiedName(),
        TableDescriptorCodec.encode(TableEntry.following(current, descriptor)));
  }

  /**
   * Writes {@code updated} (null: a tombstone) under {@code key} if the entry's descriptor is {@code expected} (null:
   * no entry), as the next revision of the entry. Every writer of the store shares one transactional id, and each
   * starts its first change with {@code initTransactions}, which fences every other writer: a writer can only commit
   * while no other started after it, so what it read (to the end, no other transaction being open) is still current.
   * A fenced writer starts over with a new producer.
   *
   * <p>A failed commit may still have committed (the broker may answer a commit that another writer's
   * {@code initTransactions} aborted with an invalid-state error, and a commit's answer can be lost). Each change
   * carries a write id of its own, so the outcome is settled by identity: the next writer opened settles the
   * transaction, and the change counts as done only if a committed record with this write id is read. An equal
   * entry written by someone else never counts.
   *
   * <p>The producer lives for one change only: Kafka's producers ask the broker to create the topics they look up,
   * and a producer kept open would look the topic up again after someone deleted it.
   */
  private synchronized boolean compareAndSet(
      String key, TableDescriptor expected, TableDescriptor updated) {
    String writeId = UUID.randomUUID().toString();
    reader.watch(writeId);
    try {
      return compareAndSet(key, expected, updated, writeId);
    } finally {
      reader.unwatch(writeId);
      writer.close();
    }
  }

  private boolean compareAndSet(
      String key, TableDescriptor expected, TableDescriptor updated, String writeId) {
    boolean outcomeUnknown = false;
    RuntimeException last = null;
    for (int attempt = 1; attempt <= CAS_ATTEMPTS; attempt++) {
      boolean committing = false;
      try {
        writer.open();
        Map<String, TableEntry> entries = reader.readToEndOfExistingTopic();
        if (outcomeUnknown) {
          if (reader.wasRead(writeId)) {
            LOG.debug("Change {} of table {} was committed though its commit failed", writeId, key);
            return true;
          }
          outcomeUnknown = false;
        }
        refuseNewer(key);
        TableEntry current = entries.get(key);
        if (!Objects.equals(current == null ? null : current.descriptor(), expected)) {
          return false;
        }
        byte[] value = updated == null
            ? null
            : TableDescriptorCodec.encode(TableEntry.following(current, updated));
        long offset = writer.begin(key, value, writeId);
        committing = true;
        writer.commit();
        reader.readPast(offset);
        return true;
      } catch (KafkaException e) {
        writer.close();
        outcomeUnknown |= committing;
        last = retryOrThrow(key, e);
      } catch (InterruptedException e) {
        writer.close();
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while writing table " + key, e);
      }
      LOG.debug(
          "Change of table {} in {} met another writer (attempt {}), starting over: {}",
          key,
          topic,
          attempt,
          last.toString());
      backOff(attempt);
    }
    String outcome = outcomeUnknown
        ? ". The last commit's outcome is unknown: check the table with mink table show before trying again"
        : ". Try again";
    throw new TableStoreException(
        "Cannot write table " + key + " to the tables topic " + topic + ": other writers "
            + "or failures stopped " + CAS_ATTEMPTS + " attempts in a row" + outcome,
        last);
  }

  /** The failure to retry the change after, or throws when retrying cannot help, as when Mink may not write. */
  private RuntimeException retryOrThrow(String key, KafkaException failure) {
    if (failure instanceof AuthorizationException || failure instanceof AuthenticationException) {
      throw cannotWrite(key, failure);
    }
    return failure;
  }

  /** The transactional id every writer of this store shares: it needs the TransactionalId Write ACL. */
  public String transactionalId() {
    return topic + "-writer";
  }

  private TableStoreException cannotWrite(String key, Throwable cause) {
    return new TableStoreException(
        "Cannot write table " + key + " to the tables topic " + topic + ": "
            + cause.getMessage()
            + ". Check that Kafka is up and that Mink may write the topic and use the "
            + "transactional id " + transactionalId(),
        cause);
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

  private void send(String key, byte[] value) {
    try (KafkaProducer<byte[], byte[]> producer = clients.rawProducer("tables", Map.of())) {
      producer
          .send(new ProducerRecord<>(
              topic,
              0,
              null,
              key.getBytes(StandardCharsets.UTF_8),
              value,
              TableEntries.writeIdHeaders(UUID.randomUUID().toString())))
          .get();
    } catch (ExecutionException e) {
      throw cannotWrite(key, e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while writing table " + key, e);
    }
  }

  @Override
  public synchronized void close() {
    writer.close();
    reader.close();
  }
}
