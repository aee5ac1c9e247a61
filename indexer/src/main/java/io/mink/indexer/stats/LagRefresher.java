package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import io.mink.lake.LakeOffsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Measures the lag of the owned tables every {@link #INTERVAL} on a thread, consumer and admin client of its own, all
 * tables in one {@link LagSweep}, so the metrics show lag growing between rounds and rounds never wait for it. The lake offsets come from the board (the owner's
 * last round) or, before the owner's first round, from the table's newest Mink snapshot, loaded from the catalog once
 * per table and epoch: while a table waits for its owner's first round, only a round of its owner changes them, and
 * the launch of many tables does not load each from the catalog again at every pass.
 */
final class LagRefresher implements AutoCloseable {
  static final Duration INTERVAL = Duration.ofSeconds(15);
  /** How long the search for the first records not in the lake may take. */
  private static final Duration TIMEOUT = Duration.ofSeconds(2);
  /** How long the describe and list-offsets requests of a pass may take together. */
  private static final Duration REQUESTS_TIMEOUT = Duration.ofSeconds(15);

  private static final Logger LOG = LoggerFactory.getLogger(LagRefresher.class);

  /** The newest Mink snapshot's offsets of a table. */
  @FunctionalInterface
  interface LakeOffsetsSource {
    /** Empty before the table's first round. */
    Optional<LakeOffsets> newestOffsets(String table);
  }

  /** A table's lag as measured at {@code measuredAt}, by partition. */
  record Measured(Instant measuredAt, List<PartitionLag> partitions) {
    Measured {
      partitions = List.copyOf(partitions);
    }
  }

  private final StatusBoard board;
  private final Supplier<KafkaConsumer<byte[], byte[]>> consumers;
  private final Supplier<Admin> admins;
  private final Clock clock;
  private final Duration interval;
  private final Map<String, Measured> measured = new ConcurrentHashMap<>();
  private final WaitingTableOffsets waiting;
  private final Thread thread;
  private volatile boolean closed;
  private volatile boolean failing;

  LagRefresher(
      StatusBoard board,
      Supplier<KafkaConsumer<byte[], byte[]>> consumers,
      Supplier<Admin> admins,
      LakeOffsetsSource lake,
      Clock clock,
      Duration interval) {
    this.board = requireNonNull(board, "board is null");
    this.consumers = requireNonNull(consumers, "consumers is null");
    this.admins = requireNonNull(admins, "admins is null");
    this.waiting = new WaitingTableOffsets(requireNonNull(lake, "lake is null"));
    this.clock = requireNonNull(clock, "clock is null");
    this.interval = requireNonNull(interval, "interval is null");
    this.thread = new Thread(this::run, "mink-lag-probe");
    this.thread.setDaemon(true);
  }

  LagRefresher start() {
    thread.start();
    return this;
  }

  /**
   * Per owned table, the freshest lag: this probe's when it measured after the table's last round ended, else the
   * last round's own, from the board.
   */
  Map<String, List<PartitionLag>> freshest(List<TableStatus> statuses) {
    Map<String, List<PartitionLag>> freshest = new TreeMap<>();
    for (TableStatus status : statuses) {
      freshest.put(status.table(), choose(status, measured.get(status.table())));
    }
    return freshest;
  }

  static List<PartitionLag> choose(TableStatus status, Measured probe) {
    if (probe == null) {
      return status.partitions();
    }
    boolean roundIsNewer = status.lastRound() != null
        && status.lastRound().finishedAt() != null
        && !probe.measuredAt().isAfter(status.lastRound().finishedAt());
    return roundIsNewer && !status.partitions().isEmpty()
        ? status.partitions()
        : probe.partitions();
  }

  private void run() {
    KafkaConsumer<byte[], byte[]> consumer = null;
    Admin admin = null;
    try {
      while (!closed) {
        try {
          if (consumer == null) {
            consumer = consumers.get();
          }
          if (admin == null) {
            admin = admins.get();
          }
          refresh(new LagSweep(admin, new LagProbe(consumer, clock, TIMEOUT), REQUESTS_TIMEOUT));
          if (failing) {
            failing = false;
            LOG.info("Measuring the lag of the owned tables works again");
          }
        } catch (RuntimeException e) {
          if (!failing && !closed) {
            failing = true;
            LOG.warn(
                "Cannot measure the lag of the owned tables ({}): the metrics show the lag of their last "
                    + "rounds until it works again; tiering goes on",
                e.toString());
          }
        }
        sleep();
      }
    } finally {
      if (consumer != null) {
        consumer.close(CloseOptions.timeout(Duration.ofSeconds(2)));
      }
      if (admin != null) {
        admin.close(Duration.ofSeconds(2));
      }
    }
  }

  private void refresh(LagSweep sweep) {
    List<TableStatus> statuses = List.copyOf(board.all());
    Set<String> tables = statuses.stream().map(TableStatus::table).collect(Collectors.toSet());
    measured.keySet().retainAll(tables);
    waiting.retain(tables);
    List<LagSweep.Target> targets = new ArrayList<>();
    for (TableStatus status : statuses) {
      if (closed) {
        return;
      }
      LakeOffsets offsets = status.partitions().isEmpty()
          ? waiting.offsets(status)
          : waiting.ranRound(status.table(), offsets(status.partitions()));
      targets.add(new LagSweep.Target(status.table(), status.topic(), offsets));
    }
    Instant at = clock.instant();
    sweep.measure(targets).forEach((table, partitions) -> {
      List<PartitionLag> lags = new ArrayList<>();
      partitions.forEach(partition -> lags.add(partition.toLag()));
      measured.put(table, new Measured(at, lags));
    });
  }

  private static LakeOffsets offsets(List<PartitionLag> partitions) {
    Map<Integer, Long> offsets = new TreeMap<>();
    partitions.forEach(partition -> offsets.put(partition.partition(), partition.lakeOffset()));
    return LakeOffsets.of(offsets);
  }

  private void sleep() {
    long until = System.nanoTime() + interval.toNanos();
    while (!closed && System.nanoTime() < until) {
      try {
        Thread.sleep(Math.min(200, Math.max(1, (until - System.nanoTime()) / 1_000_000)));
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  @Override
  public void close() {
    closed = true;
    try {
      thread.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
