package io.mink.indexer.tiering;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.config.Durations;
import io.mink.lake.LakeCommitter;
import io.mink.lake.LakeTables;
import io.mink.lake.MinkSnapshot;
import io.mink.registry.KafkaClientFactory;
import io.mink.registry.TableDescriptor;
import io.mink.registry.TableStore;
import io.mink.schema.decode.PartDecoder;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sidecar's tiering loop: re-reads the added tables every poll interval and runs each table's
 * round when it is due, one commit per round.
 */
public final class TieringService implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TieringService.class);
  private static final Map<String, Object> FETCH_SETTINGS = Map.of(
      ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 64 * 1024 * 1024,
      ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 16 * 1024 * 1024,
      ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 10_000,
      ConsumerConfig.RECEIVE_BUFFER_CONFIG, 1024 * 1024);

  /**
   * Batches a writer lane may hold before the fetch waits. Two keep the lanes busy; more only keep
   * rows alive longer, which the garbage collector pays for (docs/benchmarks.md).
   */
  private static final int LANE_QUEUE_BATCHES = 2;

  private final TableStore store;
  private final LakeTables lake;
  private final KafkaClientFactory clients;
  private final LakeCommitter committer;
  private final WriterLanes lanes;
  private final long targetFileSizeBytes;
  private final Duration pollInterval;
  private final Clock clock;
  private final GroupOffsetPublisher groupOffsets;
  private final PartDecoder decoder;
  private final Map<String, TableSchedule> schedules = new HashMap<>();
  private final Map<String, RoundResult> lastResults = new HashMap<>();
  private volatile boolean stopped;

  public TieringService(
      TableStore store, LakeTables lake, KafkaClientFactory clients, LakeCommitter committer, int writerThreads,
      long targetFileSizeBytes, Duration pollInterval, String groupId, PartDecoder decoder, Clock clock) {
    this.store = requireNonNull(store, "store is null");
    this.lake = requireNonNull(lake, "lake is null");
    this.clients = requireNonNull(clients, "clients is null");
    this.committer = requireNonNull(committer, "committer is null");
    this.lanes = new WriterLanes(writerThreads, LANE_QUEUE_BATCHES);
    this.targetFileSizeBytes = targetFileSizeBytes;
    this.pollInterval = requireNonNull(pollInterval, "pollInterval is null");
    this.clock = requireNonNull(clock, "clock is null");
    this.groupOffsets = new GroupOffsetPublisher(clients, groupId);
    this.decoder = decoder;
  }

  /** Runs until {@link #stop()}. */
  public void run() {
    Instant nextRefresh = Instant.MIN;
    List<TableDescriptor> tables = List.of();
    try (KafkaConsumer<byte[], byte[]> consumer = clients.rawConsumer("tiering", FETCH_SETTINGS)) {
      while (!stopped) {
        Instant now = clock.instant();
        if (!now.isBefore(nextRefresh)) {
          tables = refreshTables(tables, now);
          nextRefresh = now.plus(pollInterval);
        }
        for (TableDescriptor table : tables) {
          if (stopped) {
            break;
          }
          TableSchedule schedule = schedules.get(table.qualifiedName());
          if (schedule != null && schedule.isDue(clock.instant())) {
            runRound(table, schedule, consumer);
          }
        }
        sleepUntilNextWork(nextRefresh);
      }
    }
  }

  /** Runs one round of a table now, outside the schedule. */
  public RoundResult runRound(TableDescriptor descriptor, KafkaConsumer<byte[], byte[]> consumer) {
    Table table = lake.load(identifier(descriptor));
    return new TieringRound(descriptor, table, consumer, lanes, committer, targetFileSizeBytes,
        descriptor.freshness(), decoder).run();
  }

  public KafkaConsumer<byte[], byte[]> newConsumer() {
    return clients.rawConsumer("tiering", FETCH_SETTINGS);
  }

  public Map<String, RoundResult> lastResults() {
    synchronized (lastResults) {
      return Map.copyOf(lastResults);
    }
  }

  private void runRound(TableDescriptor descriptor, TableSchedule schedule, KafkaConsumer<byte[], byte[]> consumer) {
    try {
      RoundResult result = runRound(descriptor, consumer);
      synchronized (lastResults) {
        lastResults.put(descriptor.qualifiedName(), result);
      }
      if (result.committed()) {
        LOG.info("Committed {}: {} rows, {} files, {} bytes in {} ms{}{}; offsets {}", descriptor.qualifiedName(),
            result.rows(), result.files(), result.bytes(), result.duration().toMillis(),
            result.forceFinished() ? " (force-finished at the freshness deadline)" : "",
            result.rawParts().isEmpty() ? "" : "; left raw " + result.rawParts(), result.offsets());
        groupOffsets.publish(descriptor.topic(), result.offsets());
      }
      schedule.tiered(clock.instant(), descriptor.freshness(), result.forceFinished());
    } catch (RuntimeException e) {
      schedule.failed(clock.instant(), descriptor.freshness());
      if (schedule.consecutiveFailures() <= 3 || schedule.consecutiveFailures() % 20 == 0) {
        LOG.warn("Round of {} failed ({} in a row), next try at {}: {}", descriptor.qualifiedName(),
            schedule.consecutiveFailures(), schedule.nextDue(), e.getMessage(), e);
      }
    }
  }

  private List<TableDescriptor> refreshTables(List<TableDescriptor> current, Instant now) {
    List<TableDescriptor> tables;
    try {
      tables = store.list();
    } catch (RuntimeException e) {
      LOG.warn("Cannot read the added tables, keeping the {} known ones: {}", current.size(), e.getMessage());
      return current;
    }
    Set<String> names = new HashSet<>();
    for (TableDescriptor table : tables) {
      names.add(table.qualifiedName());
      if (!schedules.containsKey(table.qualifiedName())) {
        schedules.put(table.qualifiedName(), TableSchedule.firstSeen(lastTiered(table), table.freshness(), now));
        LOG.info("Indexing topic {} into table {} every {}", table.topic(), table.qualifiedName(),
            Durations.format(table.freshness()));
      }
    }
    schedules.keySet().retainAll(names);
    return tables;
  }

  private Instant lastTiered(TableDescriptor descriptor) {
    try {
      Table table = lake.load(identifier(descriptor));
      return MinkSnapshot.newest(((HasTableOperations) table).operations().current())
          .map(snapshot -> Instant.ofEpochMilli(snapshot.timestampMillis()))
          .orElse(null);
    } catch (NoSuchTableException e) {
      return null;
    } catch (RuntimeException e) {
      LOG.warn("Cannot read the last snapshot of {}: {}", descriptor.qualifiedName(), e.getMessage());
      return null;
    }
  }

  private void sleepUntilNextWork(Instant nextRefresh) {
    Instant wake = nextRefresh;
    for (TableSchedule schedule : schedules.values()) {
      if (schedule.nextDue().isBefore(wake)) {
        wake = schedule.nextDue();
      }
    }
    long millis = Duration.between(clock.instant(), wake).toMillis();
    if (millis > 0) {
      try {
        synchronized (this) {
          if (!stopped) {
            wait(Math.min(millis, 1_000));
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        stopped = true;
      }
    }
  }

  public static TableIdentifier identifier(TableDescriptor descriptor) {
    return TableIdentifier.of(descriptor.namespace(), descriptor.name());
  }

  public Optional<Instant> nextDue(String qualifiedName) {
    return Optional.ofNullable(schedules.get(qualifiedName)).map(TableSchedule::nextDue);
  }

  public synchronized void stop() {
    stopped = true;
    notifyAll();
  }

  @Override
  public void close() {
    stop();
    lanes.close();
    groupOffsets.close();
  }
}
