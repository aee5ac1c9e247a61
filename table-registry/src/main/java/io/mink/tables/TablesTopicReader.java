package io.mink.tables;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;

/**
 * Reads the tables topic to its end under read_committed, keeping what it read: each read after the first takes
 * only the entries written since. A writer that does not know whether its transaction committed watches its write
 * id: the watch is marked once a committed record with that id is read. Not thread-safe; the store calls it under
 * its lock.
 */
final class TablesTopicReader implements AutoCloseable {
  private static final Duration READ_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration END_OFFSET_TIMEOUT = Duration.ofSeconds(15);
  private static final Duration CREATION_WAIT = Duration.ofSeconds(30);
  private static final Duration METADATA_RETRY = Duration.ofMillis(200);

  private final KafkaClientFactory clients;
  private final TopicPartition partition;
  private final Duration creationWait;
  private final Map<String, TableEntry> tables = new LinkedHashMap<>();
  private final Map<String, NewerEntryFormatException> newer = new LinkedHashMap<>();
  private final Map<String, Boolean> watchedWrites = new HashMap<>();
  private KafkaConsumer<byte[], byte[]> consumer;
  private boolean expected;
  private boolean seen;
  private boolean fetched;

  TablesTopicReader(KafkaClientFactory clients, String topic) {
    this(clients, topic, CREATION_WAIT);
  }

  /** A reader that waits up to {@code creationWait} for a topic it was told of to appear in the metadata. */
  TablesTopicReader(KafkaClientFactory clients, String topic, Duration creationWait) {
    this.clients = requireNonNull(clients, "clients is null");
    this.partition = new TopicPartition(topic, 0);
    this.creationWait = requireNonNull(creationWait, "creationWait is null");
  }

  /**
   * Every entry up to the topic's end now, by qualified name, in the order they were first written; none while the
   * topic was never there. Throws when the topic was deleted after this reader read it: an empty list would make a
   * sidecar let go of every table.
   */
  Map<String, TableEntry> readToEnd() {
    try {
      if (consumer == null && !open()) {
        return Map.of();
      }
      long end = endOffset();
      if (end == 0 && !fetched) {
        // an empty topic is read without a fetch: one proves that Mink may read it before anything
        // is written. What it returns was committed since the end was asked for, and is kept like
        // any other entry: the position is past it now.
        poll(Duration.ofMillis(500));
      }
      fetched = true;
      long deadline = System.nanoTime() + READ_TIMEOUT.toNanos();
      while (consumer.position(partition, READ_TIMEOUT) < end) {
        if (System.nanoTime() > deadline) {
          throw new TableStoreException(
              "Cannot read the tables topic " + partition.topic() + " to its end within "
                  + READ_TIMEOUT.toSeconds() + "s: check that its partition has a leader");
        }
        poll(Duration.ofMillis(200));
      }
      return new LinkedHashMap<>(tables);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  private void poll(Duration timeout) {
    for (ConsumerRecord<byte[], byte[]> record : consumer.poll(timeout)) {
      TableEntries.apply(tables, newer, record, partition.topic());
      TableEntries.writeId(record).ifPresent(id -> watchedWrites.replace(id, true));
    }
  }

  /**
   * The entries, by qualified name, of a newer format than this Mink reads, as of the last read; they are not among
   * the entries {@link #readToEnd} returns.
   */
  Map<String, NewerEntryFormatException> newerEntries() {
    return new LinkedHashMap<>(newer);
  }

  /**
   * Records that the topic exists now (it was just created or found): from now on its absence is a deletion. A
   * topic just created may not be in every broker's metadata yet, so until this reader has seen it, it waits a while
   * (30 s) for it to appear before taking it for deleted.
   */
  void topicExists() {
    expected = true;
  }

  /** Like {@link #readToEnd}, and throws when the topic does not exist: a change is never written to a missing topic. */
  Map<String, TableEntry> readToEndOfExistingTopic() {
    Map<String, TableEntry> entries = readToEnd();
    if (consumer == null) {
      throw new TableStoreException(
          "The tables topic " + partition.topic() + " does not exist. mink table add and "
              + "mink serve create it (compacted, one partition); Mink does not create it while changing a table");
    }
    return entries;
  }

  private long endOffset() {
    try {
      return consumer.endOffsets(Set.of(partition), END_OFFSET_TIMEOUT).get(partition);
    } catch (TimeoutException e) {
      close();
      if (!exists()) {
        throw deleted();
      }
      throw e;
    }
  }

  /**
   * Whether the broker's metadata holds the topic; a topic this reader was told of but has not seen yet is asked for
   * again for a while, as a broker learns of a new topic a moment after its creation returns.
   */
  private boolean awaitInMetadata(KafkaConsumer<byte[], byte[]> opened) {
    long deadline = System.nanoTime() + creationWait.toNanos();
    while (opened.partitionsFor(partition.topic(), READ_TIMEOUT).isEmpty()) {
      if (seen || !expected || System.nanoTime() > deadline) {
        return false;
      }
      sleep(METADATA_RETRY.toMillis());
    }
    return true;
  }

  private boolean exists() {
    try (KafkaConsumer<byte[], byte[]> probe = clients.rawConsumer("tables-check", Map.of())) {
      return !probe.partitionsFor(partition.topic(), READ_TIMEOUT).isEmpty();
    }
  }

  private TableStoreException deleted() {
    return new TableStoreException(
        "The tables topic " + partition.topic() + " was deleted while Mink used it. It "
            + "holds every added table, so Mink does not create it again by itself: restore it (compacted, one "
            + "partition), or restart mink serve, which creates it empty, and add the tables again with mink table add "
            + "--attach (docs/operations.md)");
  }

  /** Watches for the committed record of write {@code writeId} from now on, until {@link #unwatch}. */
  void watch(String writeId) {
    watchedWrites.put(writeId, false);
  }

  /** Whether a committed record of the watched write {@code writeId} was read since the watch began. */
  boolean wasRead(String writeId) {
    return watchedWrites.getOrDefault(writeId, false);
  }

  void unwatch(String writeId) {
    watchedWrites.remove(writeId);
  }

  /**
   * Reads until the entry at {@code offset} is read: a transaction's markers may be written after its commit
   * returns, and a change is only done once its writer would read it.
   */
  void readPast(long offset) {
    long deadline = System.nanoTime() + READ_TIMEOUT.toNanos();
    while (readToEndOffset() <= offset) {
      if (System.nanoTime() > deadline) {
        throw new TableStoreException(
            "The entry at offset " + offset + " of the tables topic " + partition.topic()
                + " was not readable within " + READ_TIMEOUT.toSeconds() + "s after its commit");
      }
      sleep(20);
    }
  }

  private long readToEndOffset() {
    readToEnd();
    return consumer == null ? 0 : consumer.position(partition, READ_TIMEOUT);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while reading the tables topic", e);
    }
  }

  /**
   * Starts reading at the beginning; false when the topic was never there. Throws when it was there and is not now.
   */
  private boolean open() {
    KafkaConsumer<byte[], byte[]> opened = clients.rawConsumer("tables", Map.of());
    if (!awaitInMetadata(opened)) {
      opened.close(CloseOptions.timeout(Duration.ZERO));
      if (seen || expected) {
        throw deleted();
      }
      return false;
    }
    seen = true;
    opened.assign(Set.of(partition));
    opened.seekToBeginning(Set.of(partition));
    tables.clear();
    newer.clear();
    fetched = false;
    consumer = opened;
    return true;
  }

  @Override
  public void close() {
    if (consumer != null) {
      consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
      consumer = null;
    }
  }
}
