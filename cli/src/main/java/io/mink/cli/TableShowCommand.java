package io.mink.cli;

import io.mink.cli.operations.Connections;
import io.mink.cli.operations.LakeReader;
import io.mink.cli.operations.TableOptions;
import io.mink.cli.operations.TableStoreSession;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.stats.LagProbe;
import io.mink.indexer.stats.PublishedStatus;
import io.mink.indexer.stats.RegistryWait;
import io.mink.indexer.stats.StatusTopic;
import io.mink.tables.TableDescriptor;
import java.time.Clock;
import java.time.Duration;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "show",
    description = "Show an added table: its topic, state, options, Iceberg table and newest "
        + "Mink snapshot, and per partition how far the lake is behind Kafka.",
    footer = {
      "",
      "Examples:",
      "  mink table show kafka.orders",
      "  mink table show orders --namespace sales --output json",
      "  mink table show kafka.orders --watch    # a backfill's progress, until done",
      "  mink table show kafka.orders --watch --interval 10s --output json",
      "",
      "--watch ends with exit code 0 once every partition reached the end offsets",
      "Kafka had when the watch began, and with 4 when the table leaves the indexing",
      "state or is removed."
    })
final class TableShowCommand extends GroupSubcommand {
  @Mixin
  TableArgument tableArgument;

  @Option(
      names = "--watch",
      description = "Redraw the progress of the backfill per partition, from the offsets the "
          + "lake held when the watch began towards the end offsets of then, until it is done")
  boolean watch;

  @Option(
      names = "--interval",
      paramLabel = "DURATION",
      defaultValue = "2s",
      description = "How often --watch redraws (default: ${DEFAULT-VALUE})")
  String interval;

  @Override
  public Integer call() {
    Environment environment = environment();
    MinkConfig minkConfig = config.load(environment);
    String name = tableArgument.qualifiedName(minkConfig.indexer().namespace());
    Duration every = TableOptions.duration(interval, "--interval");
    Clock clock = Clock.systemUTC();
    try (TableStoreSession session = TableStoreSession.open(minkConfig);
        KafkaConsumer<byte[], byte[]> consumer =
            session.clients().rawConsumer("show", LagProbe.CONSUMER_SETTINGS)) {
      TableDescriptor descriptor = session.require(name);
      TableInspector inspector = new TableInspector(
          session,
          LakeReader.open(minkConfig.lake()),
          new LagProbe(consumer, clock, Connections.KAFKA_TIMEOUT));
      if (watch) {
        new TableWatch(inspector, environment, output.json(), every, clock).run(descriptor);
        return ExitCode.OK.code();
      }
      TableView view = inspector
          .inspect(descriptor, true)
          .withRegistryWait(registryWait(session, minkConfig, descriptor));
      environment
          .out()
          .print(
              output.json()
                  ? CommandJson.render(TableViewJson.node(view, clock.instant()))
                  : TableViewText.render(view, clock.instant()));
      return ExitCode.OK.code();
    }
  }

  /** What the owner last published of the table's wait for its schema registry, if it waits. */
  private static RegistryWait registryWait(
      TableStoreSession session, MinkConfig minkConfig, TableDescriptor descriptor) {
    PublishedStatus published = session.call(
        () -> new StatusTopic(session.clients(), minkConfig.monitoring().statusTopic())
            .read(Connections.KAFKA_TIMEOUT)
            .get(descriptor.qualifiedName()));
    if (published == null
        || !published.status().topic().equals(descriptor.topic())
        || published.publishedAt().isBefore(descriptor.addedAt())) {
      return null;
    }
    return published.status().registryWait();
  }
}
