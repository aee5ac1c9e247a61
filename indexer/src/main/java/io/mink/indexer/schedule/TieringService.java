package io.mink.indexer.schedule;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.decoding.TableDecoders;
import io.mink.indexer.lifecycle.TopicWatcher;
import io.mink.indexer.round.WriterLanes;
import io.mink.indexer.stats.MaintenanceCounters;
import io.mink.indexer.stats.StatusBoard;
import io.mink.indexer.upsert.KeyIndexBudget;
import io.mink.indexer.upsert.KeyIndexes;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.tables.TableStore;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
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
  /**
   * The tiering consumer's fetches. A round reads only offsets below the ends it planned, so a fetch waits at the
   * broker only at the round's tail, for partitions already read to their end; 50 ms instead of Kafka's 500 keeps
   * that wait from delaying the worker's next request, which the broker answers only after it (a 2,500-row round of
   * a small table took half a second that way).
   */
  private static final Map<String, Object> FETCH_SETTINGS = Map.of(
      ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 64 * 1024 * 1024,
      ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 16 * 1024 * 1024,
      ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 10_000,
      ConsumerConfig.RECEIVE_BUFFER_CONFIG, 1024 * 1024,
      ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 50);

  /**
   * Batches a writer lane may hold before the fetch waits. Two keep the lanes busy; more only keep
   * rows alive longer, which the garbage collector pays for (docs/benchmarks/history.md, Raw indexing).
   */
  public static final int LANE_QUEUE_BATCHES = 2;
  /** How often the owned tables' topics are looked up in Kafka's metadata, at most: state changes show in seconds. */
  static final Duration TOPIC_CHECK_INTERVAL = Duration.ofSeconds(5);

  private static final Duration ADMIN_CLOSE = Duration.ofSeconds(5);

  private final TableStore store;
  private final LakeTables lake;
  private final KafkaClientFactory clients;
  private final CommitHook hook;
  private final TieringSettings settings;
  private final WriterLanes lanes;
  private final Clock clock;
  private final GroupOffsetPublisher groupOffsets;
  private final PartDecoder decoder;
  private final String instanceId;
  private final StatusBoard board = new StatusBoard();
  private final OwnedTables tables;
  private final AddedTables addedTables;
  private final MaintenanceCounters maintenanceCounters = new MaintenanceCounters();
  private final KeyIndexes keyIndexes;
  private final CountDownLatch finished = new CountDownLatch(1);
  private final AtomicBoolean started = new AtomicBoolean();
  private volatile boolean joined;
  private volatile GroupMembership membership;
  /** The service's admin client while it runs: the topic watch and the topic check before each commit use it. */
  private volatile Admin admin;

  /**
   * @param hook called around the catalog swap of every round, inside the epoch fence
   * @param decoder decodes keys and values through the schema registry; null when none is configured
   */
  public TieringService(
      TableStore store,
      LakeTables lake,
      KafkaClientFactory clients,
      CommitHook hook,
      TieringSettings settings,
      PartDecoder decoder,
      Clock clock) {
    this.store = requireNonNull(store, "store is null");
    this.addedTables = new AddedTables(store);
    this.lake = requireNonNull(lake, "lake is null");
    this.clients = requireNonNull(clients, "clients is null");
    this.hook = requireNonNull(hook, "hook is null");
    this.settings = requireNonNull(settings, "settings is null");
    this.clock = requireNonNull(clock, "clock is null");
    this.decoder = decoder;
    this.lanes = new WriterLanes(settings.writerThreads(), LANE_QUEUE_BATCHES);
    this.keyIndexes = new KeyIndexes(new KeyIndexBudget(settings.keyIndexMemoryBytes()));
    this.groupOffsets = new GroupOffsetPublisher(clients, settings.groupId());
    this.instanceId = InstanceId.create();
    this.tables = new OwnedTables(settings, board, instanceId, clock, clients.settings());
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
          + (current == null
              ? ""
              : current.joinProblem().map(problem -> ": " + problem).orElse("")));
    }
    if (!addedTables.read()) {
      return Optional.of("reading the tables topic");
    }
    return Optional.empty();
  }

  /** What the maintenance after each table's rounds on this instance did, for the metrics. */
  public MaintenanceCounters maintenanceCounters() {
    return maintenanceCounters;
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
    membership = new GroupMembership(
        clients,
        settings.ownersGroupId(),
        settings.ownersTopic(),
        settings.sessionTimeout(),
        new MembershipListener() {
          @Override
          public void assigned(Set<Integer> partitions, int generation, int partitionCount) {
            tables.assigned(partitions, generation, partitionCount);
            joined = true;
          }

          @Override
          public void revoked(Set<Integer> partitions) {
            tables.revoked(partitions);
            keyIndexes.releaseUnless(tables::schedules);
          }
        });
    List<Thread> workers = new ArrayList<>();
    try {
      if (tables.stopped()) {
        return;
      }
      admin = clients.admin();
      membership.start();
      workers.addAll(startWorkers());
      LOG.info(
          "Sidecar instance {} shares the tables of group {} ({} workers, {} writer threads)",
          instanceId,
          settings.ownersGroupId(),
          settings.workers(),
          settings.writerThreads());
      loop();
    } finally {
      tables.stop();
      for (Thread worker : workers) {
        join(worker);
      }
      membership.close();
      if (admin != null) {
        admin.close(ADMIN_CLOSE);
      }
      finished.countDown();
    }
  }

  /** Starts the workers, each running rounds of the due tables with a consumer of its own. */
  private List<Thread> startWorkers() {
    List<Thread> workers = new ArrayList<>();
    RoundMaintenance maintenance = new RoundMaintenance(clock, maintenanceCounters);
    TableDecoders decoders = new TableDecoders(decoder);
    for (int i = 0; i < settings.workers(); i++) {
      Thread worker = new Thread(
          new RoundWorker(
              tables,
              lake,
              lanes,
              hook,
              settings,
              decoders,
              groupOffsets,
              maintenance,
              () -> admin,
              () -> newConsumer(clients),
              keyIndexes),
          "mink-worker-" + i);
      worker.setDaemon(true);
      workers.add(worker);
      worker.start();
    }
    return workers;
  }

  /**
   * Re-reads the table list every poll interval and at once when the ownership or the tables topic changed, checks
   * the owned tables' topics every few seconds, removes the owned removing tables; keeps the schedule moving.
   */
  @SuppressWarnings("try") // the subscription only needs to live as long as the loop
  private void loop() {
    Instant nextRefresh = Instant.MIN;
    Instant nextTopicCheck = Instant.MIN;
    Duration topicCheckInterval = settings.pollInterval().compareTo(TOPIC_CHECK_INTERVAL) < 0
        ? settings.pollInterval()
        : TOPIC_CHECK_INTERVAL;
    List<TableDescriptor> listed = List.of();
    try (TableStore.Subscription subscription = store.subscribe(tables::requestRefresh)) {
      TopicWatcher watcher = new TopicWatcher(admin, store, clock);
      RemovingTables removals = new RemovingTables(tables, lake, store);
      while (!tables.stopped()) {
        if (tables.takeRefreshRequest() || !clock.instant().isBefore(nextRefresh)) {
          listed = addedTables.list(listed);
          List<TableDescriptor> taken = tables.reconcile(listed);
          LastTiered.forEach(
              lake, taken, (table, read) -> tables.add(table, read.lastTiered(), read.table()));
          removals.finish(listed);
          nextRefresh = clock.instant().plus(settings.pollInterval());
        }
        if (!clock.instant().isBefore(nextTopicCheck)) {
          if (!watcher.check(tables.owned().ownedOf(listed)).isEmpty()) {
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

  /** A consumer tuned for the rounds' fetches: large fetches, many records a poll. */
  public static KafkaConsumer<ByteBuffer, ByteBuffer> newConsumer(KafkaClientFactory clients) {
    return clients.tunedSliceConsumer("tiering", FETCH_SETTINGS);
  }

  public static TableIdentifier identifier(TableDescriptor descriptor) {
    return TableIdentifier.of(descriptor.namespace(), descriptor.name());
  }

  /** The added tables, owned or not, by state, as of the last read of the tables topic. */
  public Map<LifecycleState, Integer> tablesByState() {
    return addedTables.byState();
  }

  /**
   * Stops the service: its rounds stop without committing, within a few seconds, and {@link #run()} returns after
   * leaving the ownership group, so the other instances take the tables over at once.
   */
  public void stop() {
    tables.stop();
  }

  /**
   * The longest a stopped instance with {@code workers} workers takes before {@link #run()} returns: its rounds get
   * 10 s to stop and delete their files, each worker as long again when its round hangs in a write, then it leaves
   * the ownership group and closes its admin client. Rounds that stop as they should take far less.
   */
  public static Duration longestStop(int workers) {
    return OwnedTables.STOP_GRACE
        .multipliedBy(1L + workers)
        .plus(GroupMembership.LONGEST_CLOSE)
        .plus(ADMIN_CLOSE);
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
