package io.mink.cli;

import io.mink.cli.operations.Connections;
import io.mink.indexer.config.ConfigException;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.schedule.TieringService;
import io.mink.indexer.schedule.TieringSettings;
import io.mink.indexer.stats.SidecarMonitoring;
import io.mink.indexer.stats.StatusTopic;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.clients.admin.Admin;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "serve",
    description = "Run the sidecar: tier every added table into Iceberg on its freshness.",
    footer = {
      "",
      "Examples:",
      "  mink serve                     # Kafka from MINK_KAFKA_BOOTSTRAP_SERVERS",
      "  mink serve --config mink.toml  # or MINK_CONFIG=mink.toml mink serve",
      "  mink serve --bootstrap localhost:9092"
    })
final class ServeCommand implements Callable<Integer> {
  /** Fault injection for crash tests: pause this many milliseconds inside every commit. */
  static final String COMMIT_PAUSE_PROPERTY = "mink.fault.commit-pause-ms";

  /**
   * For tests that watch a sidecar through many of its periodic steps: measure the lag and publish every status
   * again this many milliseconds apart, instead of every 15 s and 10 s.
   */
  static final String MONITORING_INTERVAL_PROPERTY = "mink.test.monitoring-interval-ms";

  @ParentCommand
  MinkCommand parent;

  @Mixin
  ConfigOptions config;

  @Override
  public Integer call() throws InterruptedException {
    Environment environment = parent.environment();
    MinkConfig minkConfig = config.load(environment);
    KafkaClientFactory clients =
        new KafkaClientFactory(minkConfig.kafka(), "mink", minkConfig.minkTopics());
    KafkaTableStore store = new KafkaTableStore(clients, minkConfig.indexer().tablesTopic());
    try (Admin admin = Connections.kafkaAdmin(clients)) {
      ServeAccess.check(admin, minkConfig);
      store.ensureTopic(admin);
      new StatusTopic(clients, minkConfig.monitoring().statusTopic()).ensure(admin);
    }
    LakeTables lake = new LakeTables(Connections.catalog(minkConfig.lake()));
    TieringSettings tiering = TieringSettings.of(minkConfig.indexer(), minkConfig.writerMemory());
    TieringService service = new TieringService(
        store,
        lake,
        clients,
        commitHook(),
        tiering,
        RegistryDecoders.from(minkConfig.schemaRegistry()).orElse(null),
        Clock.systemUTC());
    SidecarMonitoring monitoring;
    try {
      monitoring = SidecarMonitoring.start(
          minkConfig.monitoring(),
          clients,
          lake,
          service.statusBoard(),
          service::notReadyReason,
          service::tablesByState,
          service.maintenanceCounters(),
          monitoringIntervals(),
          Clock.systemUTC());
    } catch (IllegalArgumentException e) {
      service.close();
      throw new ConfigException(e.getMessage(), e);
    }
    CountDownLatch stopped = stopOnShutdown(service);
    environment.out().printf(banner(minkConfig, clients, tiering, service, monitoring));
    environment.out().flush();
    try {
      service.run();
    } finally {
      monitoring.close();
      service.close();
      store.close();
      stopped.countDown();
    }
    return ExitCode.OK.code();
  }

  /** Stops the service when the JVM shuts down, and holds the shutdown until the service has closed. */
  private static CountDownLatch stopOnShutdown(TieringService service) {
    CountDownLatch stopped = new CountDownLatch(1);
    Thread shutdown = new Thread(
        () -> {
          service.stop();
          try {
            stopped.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        },
        "mink-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdown);
    return stopped;
  }

  private static String banner(
      MinkConfig minkConfig,
      KafkaClientFactory clients,
      TieringSettings tiering,
      TieringService service,
      SidecarMonitoring monitoring) {
    return String.format(
        "Mink is serving: Kafka at %s, %s catalog at %s, %d workers, %d writer threads, tables "
            + "from %s shared by the instances of group %s; this is instance %s%s%n",
        clients.bootstrapServers(),
        minkConfig.lake().catalog(),
        minkConfig.lake().location(),
        tiering.workers(),
        tiering.writerThreads(),
        minkConfig.indexer().tablesTopic(),
        tiering.ownersGroupId(),
        service.instanceId(),
        monitoring
            .httpAddress()
            .map(address -> "; metrics at http://" + address.getHostString() + ":"
                + address.getPort() + "/metrics")
            .orElse(""));
  }

  private static SidecarMonitoring.Intervals monitoringIntervals() {
    String interval = System.getProperty(MONITORING_INTERVAL_PROPERTY);
    if (interval == null) {
      return SidecarMonitoring.Intervals.DEFAULT;
    }
    Duration every = Duration.ofMillis(Long.parseLong(interval));
    return new SidecarMonitoring.Intervals(every, every);
  }

  private static CommitHook commitHook() {
    String pause = System.getProperty(COMMIT_PAUSE_PROPERTY);
    return pause == null ? CommitHook.NONE : CommitHook.pausing(Long.parseLong(pause));
  }
}
