package io.mink.tables;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;

/**
 * Writes one entry of the tables topic per transaction, under the transactional id every writer of the store
 * shares. Opening it ({@code initTransactions}) fences every other writer and settles any transaction of that id
 * still open: when it returns, a transaction whose commit was under way is committed or aborted for good.
 */
final class TransactionalEntryWriter implements AutoCloseable {
  private static final Duration TRANSACTION_TIMEOUT = Duration.ofSeconds(15);

  /** How a transaction's commit is sent; tests put faults around it. */
  interface CommitStep {
    CommitStep KAFKA = Producer::commitTransaction;

    void commit(Producer<byte[], byte[]> producer);
  }

  private final KafkaClientFactory clients;
  private final String topic;
  private final String transactionalId;
  private final CommitStep commitStep;
  private KafkaProducer<byte[], byte[]> producer;

  TransactionalEntryWriter(
      KafkaClientFactory clients, String topic, String transactionalId, CommitStep commitStep) {
    this.clients = requireNonNull(clients, "clients is null");
    this.topic = requireNonNull(topic, "topic is null");
    this.transactionalId = requireNonNull(transactionalId, "transactionalId is null");
    this.commitStep = requireNonNull(commitStep, "commitStep is null");
  }

  /** Opens the writer unless it is open: fences the other writers and settles this id's open transaction. */
  void open() {
    if (producer != null) {
      return;
    }
    KafkaProducer<byte[], byte[]> created = clients.rawProducer(
        "tables-writer",
        Map.of(
            ProducerConfig.TRANSACTIONAL_ID_CONFIG,
            transactionalId,
            ProducerConfig.TRANSACTION_TIMEOUT_CONFIG,
            (int) TRANSACTION_TIMEOUT.toMillis()));
    try {
      created.initTransactions();
    } catch (RuntimeException e) {
      created.close(Duration.ZERO);
      throw e;
    }
    producer = created;
  }

  /**
   * Begins a transaction and writes the record of one change into it; returns its offset. Nothing is committed
   * yet: a failure here leaves a transaction that the next {@link #open} aborts.
   *
   * @param value the entry's JSON, or null for a tombstone
   */
  long begin(String key, byte[] value, String writeId) throws InterruptedException {
    producer.beginTransaction();
    try {
      return producer
          .send(new ProducerRecord<>(
              topic,
              0,
              null,
              key.getBytes(StandardCharsets.UTF_8),
              value,
              TableEntries.writeIdHeaders(writeId)))
          .get()
          .offset();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof KafkaException kafka ? kafka : new KafkaException(e.getCause());
    }
  }

  /** Commits the transaction begun; when it throws, the transaction may have committed or not. */
  void commit() {
    commitStep.commit(producer);
  }

  @Override
  public void close() {
    if (producer != null) {
      producer.close(Duration.ZERO);
      producer = null;
    }
  }
}
