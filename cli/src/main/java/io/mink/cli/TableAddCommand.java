package io.mink.cli;

import io.mink.indexer.config.Durations;
import io.mink.indexer.config.MinkConfig;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.kafka.clients.admin.TopicDescription;
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
        "  mink table add rides --option mink.time-as=string   # times as text",
        "  mink table add orders --attach   # the existing Iceberg table kafka.orders",
        "  mink table add orders --wait=5m  # once the topic exists",
        "  mink table add orders --command-config client.properties --output json"})
final class TableAddCommand implements Callable<Integer> {
  /** How long a table found in the catalog but not recorded may take to be recorded by a concurrent add. */
  private static final Duration CONCURRENT_ADD_GRACE = Duration.ofSeconds(10);

  @ParentCommand
  TableCommand parent;

  @Mixin
  ConfigOptions config;

  @Mixin
  OutputOptions output;

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
          + "iceberg.format-version=3 or iceberg.write.parquet.row-group-size-bytes=67108864; or "
          + "mink.time-as=time|long|string, how times of day are stored (default: long, microseconds since "
          + "midnight). Repeatable"})
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

  @Option(names = "--wait", arity = "0..1", fallbackValue = "10m", paramLabel = "DURATION",
      description = "Wait for the topic to exist, at most DURATION (default: 10m), instead of failing at once")
  String wait;

  private PartitionSpec newTableSpec;

  @Override
  public Integer call() {
    Environment environment = parent.environment();
    MinkConfig minkConfig = config.load(environment);
    TableDescriptor descriptor = describe(minkConfig);
    Duration waitFor = wait == null ? null : TableOptions.duration(wait, "--wait");

    try (TableStoreSession session = TableStoreSession.open(minkConfig)) {
      TopicLookup topics = new TopicLookup(session.admin(), session.clients());
      TopicDescription topicDescription = waitFor == null
          ? topics.describe(topic).orElseThrow(() -> topics.doesNotExist(topic))
          : topics.await(topic, waitFor, environment.err());
      descriptor = descriptor.withTopicId(topicDescription.topicId().toString());
      session.call(() -> {
        session.store().ensureTopic(session.admin());
        return null;
      });
      Optional<TableDescriptor> recorded = session.find(descriptor.qualifiedName());
      if (recorded.isPresent()) {
        throw alreadyAdded(recorded.get());
      }
      LakeTables lake = new LakeTables(Connections.catalog(minkConfig.lake()));
      TableIdentifier identifier = TableIdentifier.of(descriptor.namespace(), descriptor.name());
      String summary = attach
          ? new TableAttachment(session, lake, identifier, descriptor, topicDescription).attach(TableAddCommand::record)
          : create(session, lake, identifier, descriptor, topicDescription);
      if (output.json()) {
        environment.out().print(CommandJson.render(CommandJson.descriptor(descriptor)
            .put("attached", attach).put("partitions", topicDescription.partitions().size())));
      } else {
        environment.out().println(summary);
      }
      return ExitCode.OK.code();
    }
  }

  /** Creates the Iceberg table and records it; returns the line to print. */
  private String create(TableStoreSession session, LakeTables lake, TableIdentifier identifier,
      TableDescriptor descriptor, TopicDescription topicDescription) {
    if (lake.exists(identifier)) {
      throw inCatalogNotRecorded(session, lake.load(identifier), descriptor);
    }
    Map<String, String> properties = MinkTableLayout.properties(descriptor.topic(), descriptor.topicId(),
        session.config().indexer().targetFileSizeBytes(), TableOptions.withFreshness(descriptor));
    try {
      createTable(lake, identifier, properties);
    } catch (AlreadyExistsException e) {
      throw addedMeanwhile(session, descriptor).orElseGet(() -> new CommandFailure(ExitCode.CONFLICT, "Table "
          + identifier + " was created in the catalog by another client meanwhile, which has not recorded it as "
          + "added: see mink table list --all in a moment, or attach to it with --attach", e));
    }
    record(session, descriptor, "; the Iceberg table was dropped again. Check that Kafka is up and Mink "
        + "may write the topic", () -> lake.drop(identifier));
    return String.format("Added table %s for topic %s (%s, topic id %s). The sidecar indexes it every %s.",
        descriptor.qualifiedName(), topic, partitions(topicDescription), descriptor.topicId(),
        Durations.format(descriptor.freshness()));
  }

  /** Creates the Iceberg table; a catalog that cannot is unavailable. */
  private void createTable(LakeTables lake, TableIdentifier identifier, Map<String, String> properties) {
    try {
      lake.create(identifier, newTableSpec, properties);
    } catch (AlreadyExistsException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new CommandFailure(ExitCode.UNAVAILABLE, "Cannot create table " + identifier + " in the catalog ("
          + Connections.rootMessage(e) + "): check [lake] in the config file and that the catalog is up", e);
    }
  }

  /**
   * Records the table in the tables topic unless one of its name is recorded meanwhile. When recording fails,
   * undoes what it can and says so; when another client recorded the name first, leaves everything as it is.
   */
  private static void record(TableStoreSession session, TableDescriptor descriptor, String afterFailure, Runnable undo) {
    boolean added;
    try {
      added = session.store().add(descriptor);
    } catch (RuntimeException e) {
      undo.run();
      throw new CommandFailure(ExitCode.UNAVAILABLE, "Cannot record table " + descriptor.qualifiedName()
          + " in the tables topic " + session.config().indexer().tablesTopic() + " (" + e.getMessage() + ")"
          + afterFailure, e);
    }
    if (!added) {
      throw addedMeanwhile(session, descriptor).orElseGet(() -> new CommandFailure(ExitCode.CONFLICT, "Table "
          + descriptor.qualifiedName() + " changed in the tables topic meanwhile: run the command again"));
    }
  }

  /**
   * The Iceberg table exists but no entry: a concurrent add that has not recorded it yet, or a Mink table of this
   * topic that an add cut short or a removal kept, or a table Mink did not make.
   */
  private static CommandFailure inCatalogNotRecorded(TableStoreSession session, Table table,
      TableDescriptor descriptor) {
    String name = descriptor.qualifiedName();
    if (!descriptor.topicId().equals(table.properties().get(MinkTableLayout.TOPIC_ID_PROPERTY))) {
      return new CommandFailure(ExitCode.CONFLICT, "Table " + name + " already exists in the catalog but is not a "
          + "Mink table: pick another name with --name or --namespace, attach to it with --attach, or drop the "
          + "existing table");
    }
    CommandFailure leftOver = new CommandFailure(ExitCode.CONFLICT, "Table " + name + " exists in the catalog for "
        + "topic " + descriptor.topic() + " but is not added (an earlier mink table add was cut short, or mink table "
        + "remove --keep-table kept it): attach to it with --attach, or drop it");
    return justCreated(table) ? addedMeanwhile(session, descriptor).orElse(leftOver) : leftOver;
  }

  static String partitions(TopicDescription topicDescription) {
    int count = topicDescription.partitions().size();
    return count + (count == 1 ? " partition" : " partitions");
  }

  /** Whether the table may be a concurrent add's, not recorded yet: created a moment ago, with no snapshot. */
  private static boolean justCreated(Table table) {
    long age = System.currentTimeMillis() - LakeReader.metadata(table).lastUpdatedMillis();
    return table.currentSnapshot() == null && age < CONCURRENT_ADD_GRACE.multipliedBy(3).toMillis();
  }

  /** The failure to report when another client recorded the table within a few seconds; empty if none did. */
  private static Optional<CommandFailure> addedMeanwhile(TableStoreSession session, TableDescriptor descriptor) {
    long deadline = System.nanoTime() + CONCURRENT_ADD_GRACE.toNanos();
    while (true) {
      Optional<TableDescriptor> recorded = session.find(descriptor.qualifiedName());
      if (recorded.isPresent()) {
        return Optional.of(recorded.get().state() == LifecycleState.REMOVING
            ? alreadyAdded(recorded.get())
            : new CommandFailure(ExitCode.CONFLICT, "Table " + descriptor.qualifiedName() + " was added by another "
                + "client meanwhile: see it with mink table show " + descriptor.qualifiedName()));
      }
      if (System.nanoTime() > deadline) {
        return Optional.empty();
      }
      Pause.sleep(Duration.ofMillis(250));
    }
  }

  private static CommandFailure alreadyAdded(TableDescriptor recorded) {
    String name = recorded.qualifiedName();
    return switch (recorded.state()) {
      case INDEXING -> new CommandFailure(ExitCode.CONFLICT, "Table " + name + " is already added: see it with "
          + "mink table list, or pick another name with --name or --namespace");
      case MISSING, REPLACED -> new CommandFailure(ExitCode.CONFLICT, "Table " + name + " is already added, and is "
          + recorded.state().label() + ": see it with mink table show " + name + "; to add the topic anew, run "
          + "mink table remove " + name + " first");
      case REMOVING -> new CommandFailure(ExitCode.CONFLICT, "Table " + name + " is being removed: wait until "
          + "mink table show " + name + " no longer finds it, then add it again");
    };
  }

  private TableDescriptor describe(MinkConfig minkConfig) {
    String tableNamespace = TableOptions.identifier(
        namespace == null ? minkConfig.indexer().namespace() : namespace, "namespace", "");
    String tableName = TableOptions.identifier(name == null ? TableDescriptor.tableNameFor(topic) : name,
        "table name", name == null ? "; give one with --name" : "");
    Duration tableFreshness = freshness == null ? minkConfig.indexer().freshness() : TableOptions.freshness(freshness);
    return new TableDescriptor(tableNamespace, tableName, topic, null, tableFreshness, tableOptions(),
        Instant.now());
  }

  /**
   * The table options of --option, --partition-by and --attach, checked: what the descriptor
   * records. Computes the spec of a new table on the way.
   */
  private Map<String, String> tableOptions() {
    Map<String, String> tableOptions = TableOptions.tableOptions(options);
    if (autoCompaction) {
      tableOptions.put(TableOptions.AUTO_COMPACTION, "true");
    }
    TableOptions.check(tableOptions);
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
    newTableSpec = TableOptions.newTableSpec(partitionBy, tableOptions);
    return tableOptions;
  }

  /** How {@link TableAttachment} records the attached table. */
  @FunctionalInterface
  interface Recorder {
    void record(TableStoreSession session, TableDescriptor descriptor, String afterFailure, Runnable undo);
  }
}
