package io.mink.cli;

import io.mink.cli.operations.Connections;
import io.mink.cli.operations.LakeReader;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.stats.ClusterStats;
import io.mink.indexer.stats.LagProbe;
import io.mink.indexer.stats.PublishedStatus;
import io.mink.indexer.stats.StatsJson;
import io.mink.indexer.stats.StatsTable;
import io.mink.indexer.stats.StatusTopic;
import io.mink.indexer.stats.TableReport;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import picocli.CommandLine.Command;

@Command(
    name = "stats",
    description = "Show every added table: its state and owner, when it was tiered and is "
        + "due next, how far the lake is behind each partition (measured now), and its last round.",
    footer = {
      "",
      "Examples:",
      "  mink cluster stats --config mink.toml",
      "  mink cluster stats --output json | jq '.tables[] | {table, offsetLag}'",
      "",
      "The columns and the JSON fields are explained in docs/monitoring.md."
    })
final class ClusterStatsCommand extends GroupSubcommand {
  @Override
  @SuppressWarnings("try") // opening admin checks that Kafka answers; nothing else uses it
  public Integer call() {
    Environment environment = environment();
    MinkConfig minkConfig = config.load(environment);
    KafkaClientFactory clients =
        new KafkaClientFactory(minkConfig.kafka(), "mink-cli", minkConfig.minkTopics());
    Clock clock = Clock.systemUTC();
    try (Admin admin = Connections.kafkaAdmin(clients);
        KafkaTableStore store =
            new KafkaTableStore(clients, minkConfig.indexer().tablesTopic());
        KafkaConsumer<byte[], byte[]> consumer =
            clients.rawConsumer("stats", LagProbe.CONSUMER_SETTINGS)) {
      List<TableDescriptor> tables;
      Map<String, PublishedStatus> statuses;
      try {
        tables = store.list();
        statuses = new StatusTopic(clients, minkConfig.monitoring().statusTopic())
            .read(Connections.KAFKA_TIMEOUT);
      } catch (KafkaException | IllegalStateException e) {
        throw Connections.unreachable(clients, e);
      }
      List<TableReport> reports = List.of();
      if (!tables.isEmpty()) {
        LakeReader lake = LakeReader.open(minkConfig.lake());
        ClusterStats stats = new ClusterStats(
            lake::view, new LagProbe(consumer, clock, Connections.KAFKA_TIMEOUT), clock);
        try {
          reports = stats.report(tables, statuses);
        } catch (org.apache.kafka.common.errors.TimeoutException e) {
          throw Connections.unreachable(clients, e);
        }
      }
      environment
          .out()
          .print(
              output.json()
                  ? StatsJson.render(reports, clock.instant())
                  : StatsTable.render(reports, clock.instant()));
      return ExitCode.OK.code();
    }
  }
}
