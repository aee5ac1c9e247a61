package io.mink.indexer.schedule;

import io.mink.indexer.round.RoundResult;
import io.mink.indexer.round.TieringRound;
import io.mink.indexer.round.WriterLanes;
import static java.util.Objects.requireNonNull;

import io.mink.indexer.config.IndexerSettings;
import io.mink.indexer.lifecycle.TableRemoval;
import io.mink.indexer.lifecycle.TopicIdentityCheck;
import io.mink.indexer.lifecycle.TopicWatcher;
import io.mink.indexer.stats.PartitionLag;
import io.mink.indexer.stats.StatusBoard;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.lake.LakeOffsets;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.MinkSnapshot;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.tables.TableStore;
import io.mink.schema.decode.PartDecoder;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sidecar's tiering (docs/scheduling.md): this instance's share of the tables, their schedule, and
 * the workers that run their rounds.
 *
 * <p>{@link #run()} joins the ownership group ({@link GroupMembership}); a table belongs to the instance
 * that holds its partition of the ownership topic. Every poll interval the table list is re-read and the
 * owned tables are scheduled ({@link TieringSchedule}). Workers take due tables from one queue, earliest due
 * first, and run one round each under a new epoch; a round heartbeats as it fetches, and its commit is
 * refused right before the catalog swap unless its epoch is still current ({@link EpochFence}). Rounds of
 * different tables run at once and commit in whatever order they finish.
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
  private static final Duration LAG_TIMEOUT = Duration.ofSeconds(5);
  /** How often the owned tables' topics are looked up in Kafka's metadata, at most: state changes show in seconds. */
  static final Duration TOPIC_CHECK_INTERVAL = Duration.ofSeconds(5);

  private final TableStore store;
  private final LakeTables lake;
  private final KafkaClientFactory clients;
  private final LakeCommitter directCommitter;
  private final CommitHook hook;
  private final TieringSettings settings;
  private final WriterLanes lanes;
  private final Clock clock;
  private final GroupOffsetPublisher groupOffsets;
  private final PartDecoder decoder;
  private final String instanceId;
  private final StatusBoard board = new StatusBoard();
  private final OwnedTables tables;
  private final CountDownLatch finished = new CountDownLatch(1);
  private final AtomicBoolean started = new AtomicBoolean();
  private volatile boolean joined;
  private volatile GroupMembership membership;
  private volatile boolean tablesRead;
  private volatile Map<LifecycleState, Integer> tablesByState = Map.of();
  /** The service's admin client while it runs: the topic watch and the topic check before each commit use it. */
  private volatile Admin admin;

  /**
   * @param hook called around the catalog swap of every round, inside the epoch fence
   * @param decoder decodes keys and values through the schema registry; null when none is configured
   */
  public TieringService(TableStore store, LakeTables lake, KafkaClientFactory clients, CommitHook hook,
      TieringSettings settings, PartDecoder decoder, Clock clock) {
    this(store, lake, clients, new LakeCommitter(hook), hook, settings, decoder, clock);
  }

  /**
   * A service with the scheduling and ownership settings at their defaults. {@code committer} commits the
   * rounds of {@link #runRound(TableDescriptor, KafkaConsumer)}; scheduled rounds commit through an
   * epoch fence with no hook of their own.
   */
  public TieringService(
      TableStore store, LakeTables lake, KafkaClientFactory clients, LakeCommitter committer, int writerThreads,
      long targetFileSizeBytes, Duration pollInterval, String groupId, PartDecoder decoder, Clock clock) {
    this(store, lake, clients, committer, CommitHook.NONE, defaults(writerThreads, targetFileSizeBytes,
        pollInterval, groupId), decoder, clock);
  }

  private TieringService(TableStore store, LakeTables lake, KafkaClientFactory clients, LakeCommitter directCommitter,
      CommitHook hook, TieringSettings settings, PartDecoder decoder, Clock clock) {
    this.store = requireNonNull(store, "store is null");
    this.lake = requireNonNull(lake, "lake is null");
    this.clients = requireNonNull(clients, "clients is null");
    this.directCommitter = requireNonNull(directCommitter, "directCommitter is null");
    this.hook = requireNonNull(hook, "hook is null");
    this.settings = requireNonNull(settings, "settings is null");
    this.clock = requireNonNull(clock, "clock is null");
    this.decoder = decoder;
    this.lanes = new WriterLanes(settings.writerThreads(), LANE_QUEUE_BATCHES);
    this.groupOffsets = new GroupOffsetPublisher(clients, settings.groupId());
    this.instanceId = InstanceId.create();
    this.tables = new OwnedTables(settings, board, instanceId, clock);
  }

  private static TieringSettings defaults(int writerThreads, long targetFileSizeBytes, Duration pollInterval,
      String groupId) {
    IndexerSettings defaults = IndexerSettings.defaults();
    return new TieringSettings(defaults.workers(), writerThreads, targetFileSizeBytes, pollInterval,
        defaults.heartbeatTimeout(), defaults.sessionTimeout(), groupId, defaults.ownersTopic());
  }

  /** This instance's id, host:pid:random, shown as the owner of its tables. */
  public String instanceId() {
    return instanceId;
  }

  /**
   * Why the instance is not ready to serve yet, or empty once it is: it has joined the ownership group
   * and read the tables topic at least once. Answers at once.
   */
  public Optional<String> notReadyReason() {
    if (!started.get()) {
      return Optional.of("the tiering service has not started");
    }
    if (!joined) {
      GroupMembership current = membership;
      return Optional.of("joining consumer group " + settings.ownersGroupId()
          + (current == null ? "" : current.joinProblem().map(problem -> ": " + problem).orElse("")));
    }
    if (!tablesRead) {
      return Optional.of("reading the tables topic");
    }
    return Optional.empty();
  }

  /** The statuses of the tables this instance owns, updated at every transition. */
  public StatusBoard statusBoard() {
    return board;
  }

  /** Runs until {@link #stop()}: joins the ownership group, schedules the owned tables and runs their rounds. */
  public void run() {
    if (!started.compareAndSet(false, true)) {
      throw new IllegalStateException("The tiering service runs already");
    }
    membership = new GroupMembership(clients, settings.ownersGroupId(), settings.ownersTopic(),
        settings.sessionTimeout(), new MembershipListener() {
          @Override
          public void assigned(Set<Integer> partitions, int generation, int partitionCount) {
            tables.assigned(partitions, generation, partitionCount);
            joined = true;
          }

          @Override
          public void revoked(Set<Integer> partitions) {
            tables.revoked(partitions);
          }
        });
    List<Thread> workers = new ArrayList<>();
    try {
      if (tables.stopped()) {
        return;
      }
      admin = clients.admin();
      membership.start();
      for (int i = 0; i < settings.workers(); i++) {
        Thread worker = new Thread(this::work, "mink-worker-" + i);
        worker.setDaemon(true);
        workers.add(worker);
        worker.start();
      }
      LOG.info("Sidecar instance {} shares the tables of group {} ({} workers, {} writer threads)", instanceId,
          settings.ownersGroupId(), settings.workers(), settings.writerThreads());
      loop();
    } finally {
      tables.stop();
      for (Thread worker : workers) {
        join(worker);
      }
      membership.close();
      if (admin != null) {
        admin.close(Duration.ofSeconds(5));
      }
      finished.countDown();
    }
  }

  /**
   * Re-reads the table list every poll interval and at once when the ownership or the tables topic changed, checks
   * the owned tables' topics every few seconds, removes the owned removing tables; keeps the schedule moving.
   */
  private void loop() {
    Instant nextRefresh = Instant.MIN;
    Instant nextTopicCheck = Instant.MIN;
    Duration topicCheckInterval = settings.pollInterval().compareTo(TOPIC_CHECK_INTERVAL) < 0
        ? settings.pollInterval() : TOPIC_CHECK_INTERVAL;
    List<TableDescriptor> listed = List.of();
    try (TableStore.Subscription subscription = store.subscribe(tables::requestRefresh)) {
      TopicWatcher watcher = new TopicWatcher(admin, store, clock);
      while (!tables.stopped()) {
        if (tables.takeRefreshRequest() || !clock.instant().isBefore(nextRefresh)) {
          listed = listTables(listed);
          for (TableDescriptor table : tables.reconcile(listed)) {
            tables.add(table, lastTiered(table));
          }
          removeOwned(listed);
          nextRefresh = clock.instant().plus(settings.pollInterval());
        }
        if (!clock.instant().isBefore(nextTopicCheck)) {
          if (!watcher.check(tables.ownedOf(listed)).isEmpty()) {
            tables.requestRefresh();
          }
          nextTopicCheck = clock.instant().plus(topicCheckInterval);
        }
        Instant wake = tables.advance();
        Instant next = nextRefresh.isBefore(nextTopicCheck) ? nextRefresh : nextTopicCheck;
        tables.sleepUntil(wake.isBefore(next) ? wake : next);
      }
    }
  }

  /**
   * Ends the removing tables this instance owns: their rounds stop, then the Iceberg table and the entry are
   * deleted. Owning the table's ownership partition means no other instance runs a round of it.
   */
  private void removeOwned(List<TableDescriptor> listed) {
    for (TableDescriptor table : tables.ownedOf(listed)) {
      if (table.state() != LifecycleState.REMOVING) {
        continue;
      }
      if (!tables.stopIndexing(table.qualifiedName(), "the table is removing")) {
        continue;
      }
      try {
        if (TableRemoval.finish(table, lake, store)) {
          tables.requestRefresh();
        }
      } catch (RuntimeException e) {
        LOG.warn("Cannot remove table {} yet, trying again at the next refresh: {}", table.qualifiedName(),
            e.getMessage());
      }
    }
  }

  /** Runs one round of a table now, outside the schedule and without an epoch, with the direct committer. */
  public RoundResult runRound(TableDescriptor descriptor, KafkaConsumer<byte[], byte[]> consumer) {
    Table table = lake.load(identifier(descriptor));
    return new TieringRound(descriptor, table, consumer, lanes, directCommitter, settings.targetFileSizeBytes(),
        descriptor.freshness(), decoder, () -> { }, wait -> { }, settings.writerBudget()).run();
  }

  public KafkaConsumer<byte[], byte[]> newConsumer() {
    return clients.tunedConsumer("tiering", FETCH_SETTINGS);
  }

  public static TableIdentifier identifier(TableDescriptor descriptor) {
    return TableIdentifier.of(descriptor.namespace(), descriptor.name());
  }

  /** A worker: takes due tables one at a time and runs their rounds with a consumer of its own. */
  private void work() {
    KafkaConsumer<byte[], byte[]> consumer = null;
    try {
      for (RoundLease lease = tables.take(); lease != null; lease = tables.take()) {
        if (consumer == null) {
          consumer = newConsumer();
        }
        try {
          runLeased(lease, consumer);
        } finally {
          lease.end();
        }
      }
    } finally {
      if (consumer != null) {
        consumer.close(Duration.ofSeconds(5));
      }
    }
  }

  private void runLeased(RoundLease lease, KafkaConsumer<byte[], byte[]> consumer) {
    TableDescriptor descriptor = lease.descriptor();
    RoundResult result;
    try {
      Table table = lake.load(identifier(descriptor));
      result = new TieringRound(descriptor, table, consumer, lanes, new LakeCommitter(
          new TopicIdentityCheck(admin, descriptor, new EpochFence(lease, hook))),
          settings.targetFileSizeBytes(), descriptor.freshness(), decoder, lease::heartbeat, lease::registryWait,
          settings.writerBudget()).run();
    } catch (LeaseLostException e) {
      LOG.info(e.getMessage());
      tables.roundLost(lease);
      return;
    } catch (RuntimeException e) {
      tables.roundFailed(lease, e);
      return;
    }
    if (result.committed()) {
      LOG.info("Committed {}: {} rows, {} files, {} bytes in {} ms{}{}; offsets {}", lease.table(), result.rows(),
          result.files(), result.bytes(), result.duration().toMillis(),
          result.forceFinished() ? " (force-finished at the freshness deadline)" : "",
          result.rawParts().isEmpty() ? "" : "; left raw " + result.rawParts(), result.offsets());
      groupOffsets.publish(descriptor.topic(), result.offsets());
    }
    tables.roundEnded(lease, result, lag(consumer, descriptor.topic(), result.offsets()));
  }

  /** Each partition's lag after a round, from one request for the end offsets; null when Kafka does not answer. */
  private static List<PartitionLag> lag(KafkaConsumer<byte[], byte[]> consumer, String topic, LakeOffsets offsets) {
    List<TopicPartition> partitions = offsets.nextOffsets().keySet().stream()
        .map(partition -> new TopicPartition(topic, partition)).toList();
    try {
      Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, LAG_TIMEOUT);
      List<PartitionLag> lag = new ArrayList<>();
      offsets.nextOffsets().forEach((partition, next) -> {
        Long end = ends.get(new TopicPartition(topic, partition));
        if (end != null) {
          lag.add(new PartitionLag(partition, next, end, next >= end ? Duration.ZERO : null));
        }
      });
      return lag;
    } catch (RuntimeException e) {
      LOG.debug("Cannot read the end offsets of {} for its lag: {}", topic, e.getMessage());
      return null;
    }
  }

  private List<TableDescriptor> listTables(List<TableDescriptor> current) {
    try {
      List<TableDescriptor> listed = store.list();
      tablesByState = count(listed);
      tablesRead = true;
      return listed;
    } catch (RuntimeException e) {
      LOG.warn("Cannot read the added tables, keeping the {} known ones: {}", current.size(), e.getMessage());
      return current;
    }
  }

  /** The added tables, owned or not, by state, as of the last read of the tables topic. */
  public Map<LifecycleState, Integer> tablesByState() {
    return tablesByState;
  }

  private static Map<LifecycleState, Integer> count(List<TableDescriptor> tables) {
    Map<LifecycleState, Integer> counts = new EnumMap<>(LifecycleState.class);
    tables.forEach(table -> counts.merge(table.state(), 1, Integer::sum));
    return Map.copyOf(counts);
  }

  /** When the table's newest Mink snapshot was committed; null when it has none. */
  private Instant lastTiered(TableDescriptor descriptor) {
    try {
      Table table = lake.load(identifier(descriptor));
      return MinkSnapshot.newest(table)
          .map(snapshot -> Instant.ofEpochMilli(snapshot.timestampMillis()))
          .orElse(null);
    } catch (NoSuchTableException e) {
      return null;
    } catch (RuntimeException e) {
      LOG.warn("Cannot read the last snapshot of {}: {}", descriptor.qualifiedName(), e.getMessage());
      return null;
    }
  }

  /**
   * Stops the service: its rounds stop without committing, within a few seconds, and {@link #run()} returns after
   * leaving the ownership group, so the other instances take the tables over at once.
   */
  public void stop() {
    tables.stop();
  }

  private static void join(Thread thread) {
    try {
      thread.join(OwnedTables.STOP_GRACE.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    stop();
    if (started.get()) {
      try {
        finished.await(OwnedTables.STOP_GRACE.toMillis() * 3, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    lanes.close();
    groupOffsets.close();
  }
}
