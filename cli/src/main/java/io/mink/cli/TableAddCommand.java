package io.mink.cli;

import io.mink.indexer.config.ConfigException;
import io.mink.indexer.config.Durations;
import io.mink.indexer.config.MinkConfig;
import io.mink.lake.AttachCheck;
import io.mink.lake.AttachConflictException;
import io.mink.lake.LakeOffsets;
import io.mink.lake.LakeTables;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.PartitionSpecs;
import io.mink.lake.PartitionTerm;
import io.mink.lake.TableAttach;
import io.mink.registry.KafkaClientFactory;
import io.mink.registry.KafkaTableStore;
import io.mink.registry.TableDescriptor;
import io.mink.schema.KafkaColumns;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
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
        "  mink table add web.clicks --bootstrap kafka-1:9092   # table kafka.web_clicks",
        "  mink table add orders --partition-by 'day(_kafka_timestamp)'",
        "  mink table add orders --option iceberg.format-version=3",
        "  mink table add orders --attach   # the existing Iceberg table kafka.orders"})
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

  @Option(names = "--option", paramLabel = "KEY=VALUE",
      description = {"An Iceberg table property for the table, as iceberg.<property>=<value>, such as "
          + "iceberg.format-version=3 or iceberg.write.parquet.row-group-size-bytes=67108864. Repeatable"})
  Map<String, String> options = new LinkedHashMap<>();

  @Option(names = "--partition-by", paramLabel = "FIELD",
      description = {"A partition field after identity(_kafka_partition), such as day(_kafka_timestamp), "
          + "hour(_kafka_timestamp), truncate(1000000, _kafka_offset) or bucket(16, _kafka_key). Repeatable"})
  List<String> partitionBy = new ArrayList<>();

  @Option(names = "--auto-compaction",
      description = "Let each round rewrite the small files of the partitions it writes to, in its own snapshot "
          + "(the table property mink.auto-compaction; default: compaction is left to the lake)")
  boolean autoCompaction;

  @Option(names = "--attach",
      description = "Attach to the Iceberg table of that name, which must exist: its rows stay, and indexing "
          + "starts after the highest _kafka_offset per partition it holds")
  boolean attach;

  private PartitionSpec newTableSpec;

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
      String summary = attach
          ? attach(lake, identifier, descriptor, minkConfig, store, admin, clients, topicDescription)
          : create(lake, identifier, descriptor, minkConfig, store, topicDescription);
      environment.out().println(summary);
      return ExitCode.OK.code();
    }
  }

  /** Creates the Iceberg table and records it; returns the line to print. */
  private String create(LakeTables lake, TableIdentifier identifier, TableDescriptor descriptor, MinkConfig minkConfig,
      KafkaTableStore store, TopicDescription topicDescription) {
    if (lake.exists(identifier)) {
      throw new CommandFailure(ExitCode.CONFLICT, "Table " + identifier + " already exists in the catalog but "
          + "is not a Mink table: pick another name with --name or --namespace, attach to it with --attach, or "
          + "drop the existing table");
    }
    lake.create(identifier, newTableSpec, MinkTableLayout.properties(descriptor.topic(), descriptor.topicId(),
        minkConfig.indexer().targetFileSizeBytes(), tableOptions(descriptor)));
    record(store, descriptor, minkConfig, "; the Iceberg table was dropped again. Check that Kafka is up and Mink "
        + "may write the topic", () -> lake.drop(identifier));
    return String.format("Added table %s for topic %s (%d partitions, topic id %s). The sidecar indexes it every %s.",
        descriptor.qualifiedName(), topic, topicDescription.partitions().size(), descriptor.topicId(),
        Durations.format(descriptor.freshness()));
  }

  /** Records the table in the tables topic; on failure undoes what it can and says so. */
  private static void record(KafkaTableStore store, TableDescriptor descriptor, MinkConfig minkConfig,
      String afterFailure, Runnable undo) {
    try {
      store.put(descriptor);
    } catch (RuntimeException e) {
      undo.run();
      throw new CommandFailure(ExitCode.UNAVAILABLE, "Cannot record table " + descriptor.qualifiedName()
          + " in the tables topic " + minkConfig.indexer().tablesTopic() + " (" + e.getMessage() + ")"
          + afterFailure, e);
    }
  }

  /**
   * Checks the existing table, takes its baseline, checks that against the topic, commits it as an
   * empty Mink snapshot and records the table; returns the line to print. Nothing is committed
   * unless every check passes.
   */
  private String attach(LakeTables lake, TableIdentifier identifier, TableDescriptor descriptor, MinkConfig minkConfig,
      KafkaTableStore store, Admin admin, KafkaClientFactory clients, TopicDescription topicDescription) {
    if (!lake.exists(identifier)) {
      throw new CommandFailure(ExitCode.CONFLICT, "Table " + identifier + " does not exist in the catalog, so "
          + "there is nothing to attach: leave out --attach to create it, or name the existing table with "
          + "--namespace and --name");
    }
    Table table = lake.load(identifier);
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    List<String> problems = AttachCheck.problems(identifier.toString(), metadata, descriptor.topic());
    if (!problems.isEmpty()) {
      throw cannotAttach(identifier, problems);
    }
    TableAttach.Baseline baseline = TableAttach.baseline(table, metadata);
    Map<Integer, Long> starts = offsets(admin, clients, topicDescription, OffsetSpec.earliest());
    Map<Integer, Long> ends = offsets(admin, clients, topicDescription, OffsetSpec.latest());
    problems = AttachCheck.topicProblems(descriptor.topic(), baseline.offsets(), ends);
    if (!problems.isEmpty()) {
      throw cannotAttach(identifier, problems);
    }
    try {
      TableAttach.commit(identifier.toString(), table, metadata, baseline,
          MinkTableLayout.attachProperties(descriptor.topic(), descriptor.topicId(), tableOptions(descriptor)));
    } catch (AttachConflictException e) {
      throw new CommandFailure(ExitCode.CONFLICT, e.getMessage(), e);
    }
    record(store, descriptor, minkConfig, "; the table keeps Mink's baseline snapshot (empty: no row changed). "
        + "Check that Kafka is up and Mink may write the topic, then run the same command again", () -> {});
    return String.format("Attached table %s to topic %s (%d partitions, topic id %s): its rows stay as they are, "
            + "%s. The sidecar indexes it every %s.", descriptor.qualifiedName(), topic,
        topicDescription.partitions().size(), descriptor.topicId(), startDescription(baseline, starts),
        Durations.format(descriptor.freshness()));
  }

  private static CommandFailure cannotAttach(TableIdentifier identifier, List<String> problems) {
    return new CommandFailure(ExitCode.CONFLICT, "Cannot attach table " + identifier + ": "
        + String.join("; ", problems));
  }

  /** Where indexing starts: the baseline offsets, and any partition whose log starts past them. */
  private static String startDescription(TableAttach.Baseline baseline, Map<Integer, Long> starts) {
    LakeOffsets offsets = baseline.offsets();
    String from = switch (baseline.source()) {
      case EMPTY -> "the table has no snapshot";
      case MINK_OFFSETS -> "from the mink-offsets of snapshot " + baseline.snapshotId();
      case COLUMN_BOUNDS -> "from the _kafka_offset bounds of snapshot " + baseline.snapshotId();
      case ROW_SCAN -> "from the rows of snapshot " + baseline.snapshotId();
    };
    StringBuilder text = new StringBuilder(offsets.nextOffsets().isEmpty()
        ? "indexing starts at the log start of every partition (" + from + ")"
        : "indexing starts at offsets " + offsets.encode() + " (" + from + ")"
            + (offsets.nextOffsets().size() < starts.size() ? ", other partitions at their log start" : ""));
    offsets.nextOffsets().forEach((partition, next) -> {
      Long start = starts.get(partition);
      if (start != null && start > next) {
        text.append("; partition ").append(partition).append(" of Kafka starts at offset ").append(start)
            .append(": offsets ").append(next).append(" to ").append(start - 1)
            .append(" are gone, and the first round reports the gap");
      }
    });
    return text.toString();
  }

  private Map<Integer, Long> offsets(Admin admin, KafkaClientFactory clients, TopicDescription description,
      OffsetSpec spec) {
    Map<TopicPartition, OffsetSpec> request = new HashMap<>();
    for (TopicPartitionInfo partition : description.partitions()) {
      request.put(new TopicPartition(topic, partition.partition()), spec);
    }
    try {
      Map<TopicPartition, ListOffsetsResultInfo> result = admin.listOffsets(request).all()
          .get(Connections.KAFKA_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      Map<Integer, Long> offsets = new TreeMap<>();
      result.forEach((partition, info) -> offsets.put(partition.partition(), info.offset()));
      return offsets;
    } catch (ExecutionException | TimeoutException e) {
      throw Connections.unreachable(clients, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CommandFailure(ExitCode.INTERNAL_ERROR, "Interrupted while reading the offsets of " + topic, e);
    }
  }

  /** The descriptor's options and the freshness: what the table's mink.* and iceberg properties come from. */
  private static Map<String, String> tableOptions(TableDescriptor descriptor) {
    Map<String, String> tableOptions = new TreeMap<>(descriptor.options());
    tableOptions.put("freshness", Durations.format(descriptor.freshness()));
    return tableOptions;
  }

  /** The option that {@code --auto-compaction} sets, stored as the table property mink.auto-compaction. */
  static final String AUTO_COMPACTION_OPTION = "auto-compaction";

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
    return new TableDescriptor(tableNamespace, tableName, topic, null, tableFreshness, tableOptions(),
        Instant.now());
  }

  /**
   * The table options of --option, --partition-by and --attach, checked: what the descriptor
   * records. Computes the spec of a new table on the way.
   */
  private Map<String, String> tableOptions() {
    Map<String, String> tableOptions = new TreeMap<>();
    for (Map.Entry<String, String> option : options.entrySet()) {
      if (!option.getKey().startsWith(MinkTableLayout.ICEBERG_OPTION_PREFIX)) {
        throw new CommandFailure(ExitCode.USAGE, "Unknown table option '" + option.getKey() + "': --option takes "
            + "iceberg.<property>=<value>, such as iceberg.format-version=3 or "
            + "iceberg.write.parquet.row-group-size-bytes=67108864 (docs/layout.md)");
      }
      tableOptions.put(option.getKey(), option.getValue());
    }
    if (autoCompaction) {
      tableOptions.put(AUTO_COMPACTION_OPTION, "true");
    }
    try {
      MinkTableLayout.checkOptions(tableOptions);
    } catch (IllegalArgumentException e) {
      throw new CommandFailure(ExitCode.USAGE, e.getMessage(), e);
    }
    if (attach) {
      if (!partitionBy.isEmpty()) {
        throw new CommandFailure(ExitCode.USAGE, "--partition-by applies to a table Mink creates: an attached table "
            + "keeps its partition spec. Leave out --partition-by, or change the spec with your engine");
      }
      if (tableOptions.containsKey(MinkTableLayout.FORMAT_VERSION_OPTION)) {
        throw new CommandFailure(ExitCode.USAGE, MinkTableLayout.FORMAT_VERSION_OPTION + " applies to a table Mink "
            + "creates: an attached table keeps its format version. Leave out the option, or upgrade the table with "
            + "your engine");
      }
      tableOptions.put(MinkTableLayout.ATTACH_OPTION, "true");
      return tableOptions;
    }
    try {
      List<PartitionTerm> fields = PartitionSpecs.parse(partitionBy);
      newTableSpec = PartitionSpecs.forNewTable(KafkaColumns.SCHEMA, fields);
      if (!fields.isEmpty()) {
        tableOptions.put(MinkTableLayout.PARTITION_BY_OPTION,
            String.join(", ", fields.stream().map(PartitionTerm::toString).toList()));
      }
    } catch (IllegalArgumentException e) {
      throw new CommandFailure(ExitCode.USAGE, e.getMessage(), e);
    }
    return tableOptions;
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
