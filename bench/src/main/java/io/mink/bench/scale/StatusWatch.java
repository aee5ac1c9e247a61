package io.mink.bench.scale;

import io.mink.indexer.stats.PublishedStatus;
import io.mink.indexer.stats.StatusCodec;
import io.mink.indexer.stats.TableState;
import io.mink.indexer.stats.TableStatus;
import io.mink.tables.KafkaClientFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;

/**
 * Follows the status topic the instances publish every table's status to (what {@code mink cluster stats} reads),
 * on a thread of its own, keeping each table's status to show ({@link PublishedStatus#newer}) and every round the
 * statuses report.
 *
 * <p>A table is <b>on its schedule</b> when its owner's status says the owner tiers it on its freshness: the owner
 * (not an excluded one, such as an instance that was killed) completed a round of it, or scheduled its next round
 * within one freshness of the table's newest Mink snapshot; and the table is not failed. The time it got there is
 * the owner's: when that round finished, or when that status was put together. A {@link Phase} keeps, for a set of
 * tables, when each got on its schedule and when each was first taken by an owner.
 */
final class StatusWatch implements AutoCloseable {
  private final KafkaConsumer<byte[], byte[]> consumer;
  private final TopicPartition partition;
  private final Thread thread;
  private final Map<String, PublishedStatus> latest = new HashMap<>();
  /** When each table's rounds finished, as the statuses report them, each round once. */
  private final Map<String, Instant> lastRoundSeen = new HashMap<>();

  private final List<Long> roundsFinishedMillis = new ArrayList<>();
  private final List<Phase> phases = new ArrayList<>();
  private long records;
  private long failedStatuses;
  private volatile boolean closed;
  private volatile RuntimeException failure;

  /** The tables of one phase of the run (the launch, the kill) and when each got on its schedule. */
  static final class Phase {
    private final Set<String> tables;
    /** The instance whose statuses do not count (the killed one); null for none. */
    private final String excludedOwner;

    private final Map<String, Instant> onSchedule = new HashMap<>();
    private final Map<String, Instant> owned = new HashMap<>();

    private Phase(Set<String> tables, String excludedOwner) {
      this.tables = Set.copyOf(tables);
      this.excludedOwner = excludedOwner;
    }

    private void see(String table, TableStatus status) {
      if (!tables.contains(table)
          || (excludedOwner != null && excludedOwner.equals(status.owner()))) {
        return;
      }
      owned.putIfAbsent(table, status.updatedAt());
      if (!onSchedule.containsKey(table)) {
        onScheduleAt(status).ifPresent(at -> onSchedule.put(table, at));
      }
    }

    int size() {
      return tables.size();
    }
  }

  /** The owner's time at which the status shows its table on its schedule; empty when it does not. */
  static Optional<Instant> onScheduleAt(TableStatus status) {
    if (status.error() != null || status.state() == TableState.FAILED) {
      return Optional.empty();
    }
    if (status.lastRound() != null) {
      return Optional.of(status.lastRound().finishedAt());
    }
    if (status.nextDue() != null
        && status.lastTiered() != null
        && status.freshness() != null
        && !status
            .nextDue()
            .isAfter(status.lastTiered().plus(status.freshness()).plusSeconds(1))) {
      return Optional.of(status.updatedAt());
    }
    return Optional.empty();
  }

  private StatusWatch(KafkaConsumer<byte[], byte[]> consumer, String topic) {
    this.consumer = consumer;
    this.partition = new TopicPartition(topic, 0);
    this.thread = new Thread(this::follow, "scale-status-watch");
    thread.setDaemon(true);
  }

  /** Follows {@code topic} from its start, from when it exists (the first instance creates it). */
  static StatusWatch start(KafkaClientFactory clients, String topic) {
    StatusWatch watch = new StatusWatch(
        clients.rawConsumer("status-watch", Map.of(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5_000)),
        topic);
    watch.thread.start();
    return watch;
  }

  private void follow() {
    try {
      while (!closed
          && consumer.partitionsFor(partition.topic(), Duration.ofSeconds(5)).isEmpty()) {
        Thread.sleep(200);
      }
      consumer.assign(Set.of(partition));
      consumer.seekToBeginning(Set.of(partition));
      while (!closed) {
        List<ConsumerRecord<byte[], byte[]>> batch = new ArrayList<>();
        consumer.poll(Duration.ofMillis(200)).forEach(batch::add);
        synchronized (this) {
          batch.forEach(this::apply);
        }
      }
    } catch (WakeupException e) {
      // closed
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      failure = e;
    } finally {
      consumer.close(CloseOptions.timeout(Duration.ofSeconds(2)));
    }
  }

  private void apply(ConsumerRecord<byte[], byte[]> record) {
    if (record.key() == null || record.value() == null) {
      return;
    }
    records++;
    String table = new String(record.key(), StandardCharsets.UTF_8);
    PublishedStatus published = StatusCodec.decode(record.value());
    TableStatus status = published.status();
    if (status.error() != null) {
      failedStatuses++;
    }
    if (status.lastRound() != null) {
      Instant finished = status.lastRound().finishedAt();
      Instant previous = lastRoundSeen.get(table);
      if (previous == null || finished.isAfter(previous)) {
        lastRoundSeen.put(table, finished);
        roundsFinishedMillis.add(finished.toEpochMilli());
      }
    }
    PublishedStatus current = latest.get(table);
    PublishedStatus shown = current == null ? published : PublishedStatus.newer(current, published);
    latest.put(table, shown);
    if (shown.equals(published)) {
      phases.forEach(phase -> phase.see(table, status));
    }
  }

  /** Starts keeping when each of {@code tables} gets on its schedule, ignoring {@code excludedOwner}'s statuses. */
  synchronized Phase phase(Set<String> tables, String excludedOwner) {
    Phase phase = new Phase(tables, excludedOwner);
    latest.forEach((table, published) -> phase.see(table, published.status()));
    phases.add(phase);
    return phase;
  }

  /** The tables of the phase on their schedule now. */
  synchronized int onSchedule(Phase phase) {
    check();
    return phase.onSchedule.size();
  }

  /** The tables of the phase an owner took so far. */
  synchronized int owned(Phase phase) {
    return phase.owned.size();
  }

  /** When each table of the phase got on its schedule, by table; the tables not there yet are missing. */
  synchronized Map<String, Instant> onScheduleTimes(Phase phase) {
    return Map.copyOf(phase.onSchedule);
  }

  /** When an owner first published each table of the phase, by table. */
  synchronized Map<String, Instant> ownedTimes(Phase phase) {
    return Map.copyOf(phase.owned);
  }

  /** The tables each owner's shown statuses name, by owner. */
  synchronized Map<String, Integer> tablesByOwner(Set<String> tables) {
    Map<String, Integer> owners = new TreeMap<>();
    latest.forEach((table, published) -> {
      if (tables.contains(table)) {
        owners.merge(published.status().owner(), 1, Integer::sum);
      }
    });
    return owners;
  }

  /** The tables whose shown status names {@code owner}. */
  synchronized Set<String> ownedBy(String owner) {
    Set<String> owned = new HashSet<>();
    latest.forEach((table, published) -> {
      if (published.status().owner().equals(owner)) {
        owned.add(table);
      }
    });
    return owned;
  }

  /** The tables whose shown status is failed, with one of their errors. */
  synchronized Map<String, String> failed() {
    Map<String, String> failed = new TreeMap<>();
    latest.forEach((table, published) -> {
      TableStatus status = published.status();
      if (status.error() != null || status.state() == TableState.FAILED) {
        failed.put(table, String.valueOf(status.error()));
      }
    });
    return failed;
  }

  /** Rounds the statuses reported finished within [from, to), in the owners' time. */
  synchronized long roundsFinished(Instant from, Instant to) {
    long fromMillis = from.toEpochMilli();
    long toMillis = to.toEpochMilli();
    return roundsFinishedMillis.stream()
        .filter(at -> at >= fromMillis && at < toMillis)
        .count();
  }

  /** Status records read so far, and how many of them carried an error. */
  synchronized long records() {
    return records;
  }

  synchronized long failedStatuses() {
    return failedStatuses;
  }

  private void check() {
    if (failure != null) {
      throw new IllegalStateException(
          "Cannot follow the status topic " + partition.topic() + ": " + failure.getMessage(),
          failure);
    }
  }

  @Override
  public void close() {
    closed = true;
    consumer.wakeup();
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
