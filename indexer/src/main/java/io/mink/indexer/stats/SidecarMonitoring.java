package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.config.MonitoringSettings;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.KafkaClientFactory;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * Everything a running sidecar shows of itself: its tables' statuses published to the status topic, their lag
 * measured between rounds, and the HTTP server with /metrics, /health and /ready. Start it once the service's
 * board exists and close it when the service stops; none of it ever makes a round wait.
 */
public final class SidecarMonitoring implements AutoCloseable {
  private final StatusBoard board;
  private final RoundCounters counters;
  private final StatusPublisher publisher;
  private final LagRefresher lag;
  private final Readiness readiness;
  private final TableCensus census;
  private final MaintenanceCounters maintenance;
  private final SidecarHttpServer http;

  /**
   * How often the lag of the owned tables is measured, and how often every status is published again whether it
   * changed or not.
   */
  public record Intervals(Duration lag, Duration status) {
    /** Every 15 s and every 10 s. */
    public static final Intervals DEFAULT =
        new Intervals(LagRefresher.INTERVAL, StatusPublisher.INTERVAL);

    public Intervals {
      requireNonNull(lag, "lag is null");
      requireNonNull(status, "status is null");
      if (lag.isNegative() || lag.isZero() || status.isNegative() || status.isZero()) {
        throw new IllegalArgumentException(
            "Monitoring intervals must be positive, got lag " + lag + " and status " + status);
      }
    }
  }

  private SidecarMonitoring(
      StatusBoard board,
      RoundCounters counters,
      StatusPublisher publisher,
      LagRefresher lag,
      Readiness readiness,
      TableCensus census,
      MaintenanceCounters maintenance,
      SidecarHttpServer http) {
    this.census = census;
    this.maintenance = maintenance;
    this.board = board;
    this.counters = counters;
    this.publisher = publisher;
    this.lag = lag;
    this.readiness = readiness;
    this.http = http;
  }

  /**
   * Starts publishing, measuring and serving. Create the status topic first ({@link StatusTopic#ensure}).
   *
   * @param board the service's board, such as {@code TieringService.statusBoard()}
   * @param readiness whether the service has joined and is ready, answered at once
   * @throws IllegalArgumentException when the HTTP server cannot listen where the settings say; the message says
   *     which setting to change
   */
  public static SidecarMonitoring start(
      MonitoringSettings settings,
      KafkaClientFactory clients,
      LakeTables lake,
      StatusBoard board,
      Readiness readiness,
      Clock clock) {
    return start(
        settings,
        clients,
        lake,
        board,
        readiness,
        TableCensus.NONE,
        new MaintenanceCounters(),
        clock);
  }

  /**
   * Starts publishing, measuring and serving, with the count of added tables by state and what
   * maintenance did in the metrics.
   *
   * @param census the added tables by state, such as {@code TieringService::tablesByState}
   * @param maintenance what maintenance did per table, such as {@code TieringService.maintenanceCounters()}
   */
  public static SidecarMonitoring start(
      MonitoringSettings settings,
      KafkaClientFactory clients,
      LakeTables lake,
      StatusBoard board,
      Readiness readiness,
      TableCensus census,
      MaintenanceCounters maintenance,
      Clock clock) {
    return start(
        settings, clients, lake, board, readiness, census, maintenance, Intervals.DEFAULT, clock);
  }

  /**
   * Starts publishing, measuring and serving as above, measuring the lag and publishing every status again at
   * {@code intervals} instead of the defaults; for tests that watch a sidecar through many of them.
   */
  public static SidecarMonitoring start(
      MonitoringSettings settings,
      KafkaClientFactory clients,
      LakeTables lake,
      StatusBoard board,
      Readiness readiness,
      TableCensus census,
      MaintenanceCounters maintenance,
      Intervals intervals,
      Clock clock) {
    requireNonNull(intervals, "intervals is null");
    requireNonNull(census, "census is null");
    requireNonNull(maintenance, "maintenance is null");
    requireNonNull(settings, "settings is null");
    requireNonNull(clients, "clients is null");
    requireNonNull(lake, "lake is null");
    requireNonNull(board, "board is null");
    requireNonNull(readiness, "readiness is null");
    requireNonNull(clock, "clock is null");
    RoundCounters counters = new RoundCounters();
    board.addListener(counters);
    LagRefresher lag = null;
    StatusPublisher publisher = null;
    try {
      lag = new LagRefresher(
              board,
              () -> clients.rawConsumer("lag", LagProbe.CONSUMER_SETTINGS),
              clients::admin,
              table -> newestOffsets(lake, table),
              clock,
              intervals.lag())
          .start();
      publisher =
          StatusPublisher.start(board, clients, settings.statusTopic(), clock, intervals.status());
      SidecarMonitoring monitoring = new SidecarMonitoring(
          board, counters, publisher, lag, readiness, census, maintenance, null);
      if (!settings.httpEnabled()) {
        return monitoring;
      }
      SidecarHttpServer http = SidecarHttpServer.start(
          settings.httpBindAddress(), settings.httpPort(), monitoring::scrape, readiness);
      return new SidecarMonitoring(
          board, counters, publisher, lag, readiness, census, maintenance, http);
    } catch (RuntimeException e) {
      if (publisher != null) {
        publisher.close();
      }
      if (lag != null) {
        lag.close();
      }
      board.removeListener(counters);
      throw e;
    }
  }

  /** Where the HTTP server listens; empty when http_port is 0. */
  public Optional<InetSocketAddress> httpAddress() {
    return http == null ? Optional.empty() : Optional.of(http.address());
  }

  /** The figures of one scrape of /metrics. */
  public MetricsSnapshot snapshot() {
    List<TableStatus> statuses = List.copyOf(board.all());
    MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    boolean ready;
    try {
      ready = readiness.notReadyReason().isEmpty();
    } catch (RuntimeException e) {
      ready = false;
    }
    return new MetricsSnapshot(
        statuses,
        lag.freshest(statuses),
        counters.snapshot(),
        ready,
        heap.getUsed(),
        heap.getMax(),
        census.tablesByState(),
        maintenance.snapshot());
  }

  /** The /metrics text. */
  public String scrape() {
    return PrometheusText.render(snapshot());
  }

  private static Optional<LakeOffsets> newestOffsets(LakeTables lake, String table) {
    Table loaded = lake.load(TableIdentifier.parse(table));
    return MinkSnapshot.newest(loaded).map(MinkSnapshot::offsets);
  }

  @Override
  public void close() {
    if (http != null) {
      http.close();
    }
    lag.close();
    publisher.close();
    board.removeListener(counters);
  }
}
