package io.mink.cli;

import io.mink.indexer.config.ConfigException;
import io.mink.indexer.config.Durations;
import io.mink.indexer.config.MinkConfig;
import io.mink.lake.LakeTables;
import io.mink.lake.MinkTableLayout;
import io.mink.registry.KafkaClientFactory;
import io.mink.registry.KafkaTableStore;
import io.mink.registry.TableDescriptor;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "add", description = "Make a Kafka topic an Iceberg table that the sidecar indexes.",
    footer = {"", "Examples:",
        "  mink table add orders",
        "  mink table add orders --namespace sales --freshness 1m --config mink.toml",
        "  mink table add web.clicks --bootstrap kafka-1:9092   # table kafka.web_clicks"})
final class TableAddCommand implements Callable<Integer> {
  @ParentCommand
  TableCommand parent;

  @Mixin
  ConfigOptions config;

  @Parameters(index = "0", paramLabel = "TOPIC", description = "The Kafka topic to index")
  String topic;

  @Option(names = "--namespace", paramLabel = "NAMESPACE",
      description = "The Iceberg namespace of the table (default: [indexer] namespace, kafka)")
  String namespace;

  @Option(names = "--name", paramLabel = "NAME",
      description = "The table name (default: the topic's name with '.' and '-' as '_')")
  String name;

  @Option(names = "--freshness", paramLabel = "DURATION",
      description = "How often the table is tiered, such as 30s or 3m (default: [indexer] freshness, 3m)")
  String freshness;

  @Override
  public Integer call() {
    Environment environment = parent.environment();
    MinkConfig minkConfig = config.load(environment);
    TableDescriptor descriptor = describe(minkConfig);

    KafkaClientFactory clients = new KafkaClientFactory(minkConfig.kafka(), "mink-cli");
    try (Admin admin = Connections.kafkaAdmin(clients);
        KafkaTableStore store = new KafkaTableStore(clients, minkConfig.indexer().tablesTopic())) {
      TopicDescription topicDescription = describeTopic(admin, clients);
      descriptor = withTopicId(descriptor, topicDescription.topicId().toString());
      store.ensureTopic(admin);
      if (store.find(descriptor.qualifiedName()).isPresent()) {
        throw new CommandFailure(ExitCode.CONFLICT, "Table " + descriptor.qualifiedName()
            + " is already added: see it with mink table list, or pick another name with --name or --namespace");
      }
      Catalog catalog = Connections.catalog(minkConfig.lake());
      LakeTables lake = new LakeTables(catalog);
      TableIdentifier identifier = TableIdentifier.of(descriptor.namespace(), descriptor.name());
      if (lake.exists(identifier)) {
        throw new CommandFailure(ExitCode.CONFLICT, "Table " + identifier + " already exists in the catalog but "
            + "is not a Mink table: pick another name with --name or --namespace, or drop the existing table");
      }
      lake.create(identifier, MinkTableLayout.properties(descriptor.topic(), descriptor.topicId(),
          minkConfig.indexer().targetFileSizeBytes(),
          Map.of("freshness", Durations.format(descriptor.freshness()))));
      try {
        store.put(descriptor);
      } catch (RuntimeException e) {
        lake.drop(identifier);
        throw new CommandFailure(ExitCode.UNAVAILABLE, "Cannot record table " + descriptor.qualifiedName()
            + " in the tables topic " + minkConfig.indexer().tablesTopic() + " (" + e.getMessage()
            + "); the Iceberg table was dropped again. Check that Kafka is up and Mink may write the topic", e);
      }
      environment.out().printf("Added table %s for topic %s (%d partitions, topic id %s). "
              + "The sidecar indexes it every %s.%n", descriptor.qualifiedName(), topic,
          topicDescription.partitions().size(), descriptor.topicId(), Durations.format(descriptor.freshness()));
      return ExitCode.OK.code();
    }
  }

  private TableDescriptor describe(MinkConfig minkConfig) {
    String tableNamespace = namespace == null ? minkConfig.indexer().namespace() : namespace;
    if (!TableDescriptor.isValidIdentifier(tableNamespace)) {
      throw new CommandFailure(ExitCode.USAGE, "Invalid namespace '" + tableNamespace
          + "': use letters, digits and '_', starting with a letter or '_'");
    }
    String tableName = name == null ? TableDescriptor.tableNameFor(topic) : name;
    if (!TableDescriptor.isValidIdentifier(tableName)) {
      throw new CommandFailure(ExitCode.USAGE, "Invalid table name '" + tableName
          + "': use letters, digits and '_', starting with a letter or '_'"
          + (name == null ? "; give one with --name" : ""));
    }
    Duration tableFreshness = minkConfig.indexer().freshness();
    if (freshness != null) {
      try {
        tableFreshness = Durations.parse(freshness, "--freshness");
      } catch (ConfigException e) {
        throw new CommandFailure(ExitCode.USAGE, e.getMessage(), e);
      }
    }
    return new TableDescriptor(tableNamespace, tableName, topic, null, tableFreshness, Map.of(), Instant.now());
  }

  private TopicDescription describeTopic(Admin admin, KafkaClientFactory clients) {
    try {
      return admin.describeTopics(java.util.List.of(topic)).topicNameValues().get(topic).get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UnknownTopicOrPartitionException) {
        throw new CommandFailure(ExitCode.CONFLICT, "Topic '" + topic + "' does not exist in the Kafka cluster at "
            + clients.bootstrapServers() + ": create it first, or check the name (kafka-topics.sh --list shows "
            + "the topics)");
      }
      throw Connections.unreachable(clients, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CommandFailure(ExitCode.INTERNAL_ERROR, "Interrupted while describing topic " + topic, e);
    }
  }

  private static TableDescriptor withTopicId(TableDescriptor descriptor, String topicId) {
    return new TableDescriptor(descriptor.namespace(), descriptor.name(), descriptor.topic(), topicId,
        descriptor.freshness(), descriptor.options(), descriptor.addedAt());
  }
}
