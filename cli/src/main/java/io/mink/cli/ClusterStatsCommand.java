package io.mink.cli;

import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.stats.ClusterStats;
import io.mink.indexer.stats.LagProbe;
import io.mink.indexer.stats.PublishedStatus;
import io.mink.indexer.stats.StatsJson;
import io.mink.indexer.stats.StatsTable;
import io.mink.indexer.stats.StatusTopic;
import io.mink.indexer.stats.TableReport;
import io.mink.indexer.tiering.TieringService;
import io.mink.lake.LakeTables;
import io.mink.lake.MinkSnapshot;
import io.mink.registry.KafkaClientFactory;
import io.mink.registry.KafkaTableStore;
import io.mink.registry.TableDescriptor;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "stats", description = "Show every added table: its state and owner, when it was tiered and is "
    + "due next, how far the lake is behind each partition (measured now), and its last round.",
    footer = {"", "Examples:",
        "  mink cluster stats --config mink.toml",
        "  mink cluster stats --output json | jq '.tables[] | {table, offsetLag, timeLagMs}'",
        "", "The columns and the JSON fields are explained in docs/monitoring.md."})
final class ClusterStatsCommand implements Callable<Integer> {
  @ParentCommand
  ClusterCommand parent;

  @Mixin
  ConfigOptions config;

  @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "table",
      description = "table (aligned columns for people, the default) or json (a stable document for scripts)")
  String output;

  @Override
  public Integer call() {
    Environment environment = parent.environment();
    boolean json = switch (output) {
      case "table" -> false;
      case "json" -> true;
      default -> throw new CommandFailure(ExitCode.USAGE, "Unknown output format '" + output + "': use --output table "
          + "or --output json");
    };
    MinkConfig minkConfig = config.load(environment);
    KafkaClientFactory clients = new KafkaClientFactory(minkConfig.kafka(), "mink-cli");
    Clock clock = Clock.systemUTC();
    try (Admin admin = Connections.kafkaAdmin(clients);
        KafkaTableStore store = new KafkaTableStore(clients, minkConfig.indexer().tablesTopic());
        KafkaConsumer<byte[], byte[]> consumer = clients.rawConsumer("stats", LagProbe.CONSUMER_SETTINGS)) {
      List<TableDescriptor> tables;
      Map<String, PublishedStatus> statuses;
      try {
        tables = store.list();
        statuses = new StatusTopic(clients, minkConfig.monitoring().statusTopic()).read(Connections.KAFKA_TIMEOUT);
      } catch (KafkaException | IllegalStateException e) {
        throw Connections.unreachable(clients, e);
      }
      List<TableReport> reports = List.of();
      if (!tables.isEmpty()) {
        LakeTables lake = new LakeTables(Connections.catalog(minkConfig.lake()));
        ClusterStats stats = new ClusterStats(table -> newestSnapshot(lake, table, minkConfig),
            new LagProbe(consumer, clock, Connections.KAFKA_TIMEOUT), clock);
        try {
          reports = stats.report(tables, statuses);
        } catch (org.apache.kafka.common.errors.TimeoutException e) {
          throw Connections.unreachable(clients, e);
        }
      }
      environment.out().print(json
          ? StatsJson.render(reports, clock.instant())
          : StatsTable.render(reports, clock.instant()));
      return ExitCode.OK.code();
    }
  }

  private static Optional<MinkSnapshot> newestSnapshot(LakeTables lake, TableDescriptor table, MinkConfig config) {
    Table loaded;
    try {
      loaded = lake.load(TieringService.identifier(table));
    } catch (NoSuchTableException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new CommandFailure(ExitCode.UNAVAILABLE, "Cannot read table " + table.qualifiedName() + " from the "
          + config.lake().catalog() + " catalog at " + (config.lake().uri() == null ? config.lake().warehouse()
          : config.lake().uri()) + " (" + Connections.rootMessage(e) + "): check that the catalog is up", e);
    }
    return MinkSnapshot.newest(((HasTableOperations) loaded).operations().current());
  }
}
