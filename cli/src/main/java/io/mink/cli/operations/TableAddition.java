package io.mink.cli.operations;

import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.errors.MinkException;
import io.mink.indexer.takeover.SinkBoundary;
import io.mink.lake.AcceptedStart;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.kafka.clients.admin.TopicDescription;

/**
 * {@code mink table add}: checks the request, finds the topic, creates the Iceberg table (or attaches to the one
 * there) and records the table in the tables topic, so that a concurrent add of the same name finds one winner.
 */
final class TableAddition {
  /** How long a table found in the catalog but not recorded may take to be recorded by a concurrent add. */
  private static final Duration CONCURRENT_ADD_GRACE = Duration.ofSeconds(10);

  private final AddRequest request;
  private final TableDescriptor described;
  private final PartitionSpec spec;

  private TableAddition(AddRequest request, TableDescriptor described, PartitionSpec spec) {
    this.request = request;
    this.described = described;
    this.spec = spec;
  }

  /** The addition the request asks for, checked without I/O: a bad name or option fails here. */
  static TableAddition of(AddRequest request, MinkConfig config) {
    TableIdentifier adopted = adopting(request) ? request.afterConnectSink().identifier() : null;
    String namespace = TableOptions.identifier(
        adopted != null
            ? adopted.namespace().toString()
            : request.namespace() == null ? config.indexer().namespace() : request.namespace(),
        "namespace",
        "");
    String name = TableOptions.identifier(
        adopted != null
            ? adopted.name()
            : request.name() == null
                ? TableDescriptor.tableNameFor(request.topic())
                : request.name(),
        "table name",
        request.name() == null ? "; give one with --name" : "");
    Duration freshness =
        request.freshness() == null ? config.indexer().freshness() : request.freshness();
    Map<String, String> options = tableOptions(request);
    PartitionSpec spec = null;
    if (!request.attach() && adopted == null) {
      if (MinkTableLayout.isUpsert(options) && !request.partitionBy().isEmpty()) {
        throw MinkException.user("Cannot use --partition-by with --mode upsert: "
            + MinkTableLayout.UPSERT_PARTITIONING + ". Leave out --partition-by");
      }
      TableOptions.NewTableSpec newTable = TableOptions.newTableSpec(request.partitionBy());
      spec = newTable.spec();
      newTable
          .partitionBy()
          .ifPresent(fields -> options.put(MinkTableLayout.PARTITION_BY_OPTION, fields));
    }
    return new TableAddition(
        request,
        new TableDescriptor(
            namespace, name, request.topic(), null, freshness, options, Instant.now()),
        spec);
  }

  /** Finds the topic, then creates or attaches the Iceberg table and records the table. */
  AddedTable run(TableStoreSession session, Progress progress) {
    TopicLookup topics = new TopicLookup(session.admin(), session.clients());
    TopicDescription topic = request.waitFor() == null
        ? topics.describe(request.topic()).orElseThrow(() -> topics.doesNotExist(request.topic()))
        : topics.await(request.topic(), request.waitFor(), progress);
    TableDescriptor descriptor = startingAt(
        described.withTopicId(topic.topicId().toString()),
        request.from() == null
            ? AcceptedStart.LOG_START
            : new StartOffsets(session.admin(), session.clients()).resolve(request.from(), topic));
    session.call(() -> {
      session.store().ensureTopic(session.admin());
      return null;
    });
    Optional<TableDescriptor> recorded = session.find(descriptor.qualifiedName());
    if (recorded.isPresent()) {
      throw alreadyAdded(recorded.get());
    }
    LakeTables lake = new LakeTables(Connections.catalog(session.config().lake()));
    SinkBoundary boundary = null;
    Long sinkSnapshot = adopting(request)
        ? TableAttachment.currentSnapshot(lake, request.afterConnectSink().identifier())
        : null;
    if (request.afterConnectSink() != null) {
      boundary = request.afterConnectSink().resolve(session, lake, topic);
      descriptor = startingAt(descriptor, boundary.acceptedStart());
    }
    TableIdentifier identifier = TableIdentifier.of(descriptor.namespace(), descriptor.name());
    int partitions = topic.partitions().size();
    if (adopting(request)) {
      AddedTable.AttachStart start = new TableAttachment(
              session, lake, identifier, descriptor, topic)
          .adopt(boundary, sinkSnapshot);
      return new AddedTable(descriptor, partitions, Optional.of(start));
    }
    if (request.attach()) {
      AddedTable.AttachStart start =
          new TableAttachment(session, lake, identifier, descriptor, topic).attach();
      return new AddedTable(descriptor, partitions, Optional.of(start));
    }
    create(session, lake, identifier, descriptor);
    return new AddedTable(descriptor, partitions, Optional.empty());
  }

  /** The descriptor with its accepted start recorded as an option; unchanged when every partition starts at its log start. */
  private static TableDescriptor startingAt(TableDescriptor descriptor, AcceptedStart start) {
    if (start.isLogStart()) {
      return descriptor;
    }
    Map<String, String> options = new TreeMap<>(descriptor.options());
    options.put(MinkTableLayout.START_OFFSETS_OPTION, start.encode());
    return descriptor.withOptions(options);
  }

  /** Creates the Iceberg table and records it. */
  private void create(
      TableStoreSession session,
      LakeTables lake,
      TableIdentifier identifier,
      TableDescriptor descriptor) {
    if (lake.exists(identifier)) {
      throw inCatalogNotRecorded(session, lake.load(identifier), descriptor);
    }
    Map<String, String> properties = MinkTableLayout.properties(
        descriptor.topic(),
        descriptor.topicId(),
        session.config().indexer().targetFileSizeBytes(),
        TableOptions.withFreshness(descriptor));
    try {
      createTable(lake, identifier, spec, properties);
    } catch (AlreadyExistsException e) {
      throw addedMeanwhile(session, descriptor)
          .orElseGet(() -> MinkException.conflict(
              "Table " + identifier
                  + " was created in the catalog by another client meanwhile, which has not recorded it as added: see mink "
                  + "table list --all in a moment, or attach to it with --attach",
              e));
    }
    record(
        session,
        descriptor,
        "; the Iceberg table was dropped again. Check that Kafka is up and Mink "
            + "may write the topic",
        () -> lake.drop(identifier));
  }

  /** Creates the Iceberg table; a catalog that cannot is unavailable. */
  private static void createTable(
      LakeTables lake,
      TableIdentifier identifier,
      PartitionSpec spec,
      Map<String, String> properties) {
    try {
      lake.create(identifier, spec, properties);
    } catch (AlreadyExistsException e) {
      throw e;
    } catch (RuntimeException e) {
      throw MinkException.external(
          "Cannot create table " + identifier + " in the catalog (" + Connections.rootMessage(e)
              + "): check [lake] in the config file and that the catalog is up",
          e);
    }
  }

  /**
   * Records the table in the tables topic unless one of its name is recorded meanwhile. When recording fails,
   * undoes what it can and says so; when another client recorded the name first, leaves everything as it is.
   */
  static void record(
      TableStoreSession session, TableDescriptor descriptor, String afterFailure, Runnable undo) {
    boolean added;
    try {
      added = session.store().add(descriptor);
    } catch (RuntimeException e) {
      undo.run();
      throw MinkException.external(
          "Cannot record table " + descriptor.qualifiedName() + " in the tables topic "
              + session.config().indexer().tablesTopic() + " (" + e.getMessage() + ")"
              + afterFailure,
          e);
    }
    if (!added) {
      throw addedMeanwhile(session, descriptor)
          .orElseGet(() -> MinkException.conflict("Table " + descriptor.qualifiedName()
              + " changed in the tables topic meanwhile: run the command again"));
    }
  }

  /**
   * The Iceberg table exists but no entry: a concurrent add that has not recorded it yet, or a Mink table of this
   * topic that an add cut short or a removal kept, or a table Mink did not make.
   */
  private static MinkException inCatalogNotRecorded(
      TableStoreSession session, Table table, TableDescriptor descriptor) {
    String name = descriptor.qualifiedName();
    if (!descriptor.topicId().equals(table.properties().get(MinkTableLayout.TOPIC_ID_PROPERTY))) {
      return MinkException.conflict(
          "Table " + name + " already exists in the catalog but is not a Mink table: "
              + "pick another name with --name or --namespace, attach to it with --attach, or drop the existing table");
    }
    MinkException leftOver =
        MinkException.conflict("Table " + name + " exists in the catalog for topic "
            + descriptor.topic()
            + " but is not added (an earlier mink table add was cut short, or mink table remove "
            + "--keep-table kept it): attach to it with --attach, or drop it");
    return justCreated(table) ? addedMeanwhile(session, descriptor).orElse(leftOver) : leftOver;
  }

  /** Whether the table may be a concurrent add's, not recorded yet: created a moment ago, with no snapshot. */
  private static boolean justCreated(Table table) {
    long age = System.currentTimeMillis() - LakeReader.metadata(table).lastUpdatedMillis();
    return table.currentSnapshot() == null
        && age < CONCURRENT_ADD_GRACE.multipliedBy(3).toMillis();
  }

  /** The failure to report when another client recorded the table within a few seconds; empty if none did. */
  private static Optional<MinkException> addedMeanwhile(
      TableStoreSession session, TableDescriptor descriptor) {
    long deadline = System.nanoTime() + CONCURRENT_ADD_GRACE.toNanos();
    while (true) {
      Optional<TableDescriptor> recorded = session.find(descriptor.qualifiedName());
      if (recorded.isPresent()) {
        return Optional.of(
            recorded.get().state() == LifecycleState.REMOVING
                ? alreadyAdded(recorded.get())
                : MinkException.conflict(
                    "Table " + descriptor.qualifiedName() + " was added by another client "
                        + "meanwhile: see it with mink table show " + descriptor.qualifiedName()));
      }
      if (System.nanoTime() > deadline) {
        return Optional.empty();
      }
      Pause.sleep(Duration.ofMillis(250));
    }
  }

  private static MinkException alreadyAdded(TableDescriptor recorded) {
    String name = recorded.qualifiedName();
    return switch (recorded.state()) {
      case INDEXING ->
        MinkException.conflict("Table " + name + " is already added: see it with mink table list, "
            + "or pick another name with --name or --namespace");
      case MISSING, REPLACED ->
        MinkException.conflict("Table " + name + " is already added, and is "
            + recorded.state().label() + ": see it with mink table show " + name
            + "; to add the topic anew, run "
            + "mink table remove " + name + " first");
      case REMOVING ->
        MinkException.conflict("Table " + name + " is being removed: wait until mink table show "
            + name + " no longer finds it, then add it again");
    };
  }

  /** The table options of --option, --mode, --cdc, --auto-compaction and --attach, checked: what the entry records. */
  private static Map<String, String> tableOptions(AddRequest request) {
    Map<String, String> options = new TreeMap<>(request.options());
    options.putAll(TableOptions.modeOptions(request.mode(), request.cdc()));
    if (request.autoCompaction()) {
      options.put(TableOptions.AUTO_COMPACTION, "true");
    }
    TableOptions.check(options);
    if (adopting(request)) {
      return adoptOptions(request, options);
    }
    if (!request.attach()) {
      return options;
    }
    if (request.from() != null) {
      throw MinkException.user(
          "--from applies to a table Mink creates: an attached table starts after the "
              + "highest _kafka_offset per partition it holds. Leave out --from or --attach");
    }
    if (request.afterConnectSink() != null) {
      throw MinkException.user(
          "--after-connect-sink makes a new table that starts where the sink's table ends:"
              + " an attached table starts after the highest _kafka_offset per partition it holds. Leave out"
              + " --after-connect-sink or --attach");
    }
    if (!request.partitionBy().isEmpty()) {
      throw MinkException.user(
          "--partition-by applies to a table Mink creates: an attached table keeps its "
              + "partition spec. Leave out --partition-by, or change the spec with your engine");
    }
    if (options.containsKey(MinkTableLayout.FORMAT_VERSION_OPTION)) {
      throw MinkException.user(
          MinkTableLayout.FORMAT_VERSION_OPTION + " applies to a table Mink creates: an "
              + "attached table keeps its format version. Leave out the option, or upgrade the table with your engine");
    }
    options.put(MinkTableLayout.ATTACH_OPTION, "true");
    return options;
  }

  /** Whether the request adopts the Kafka Connect sink's table (--adopt). */
  private static boolean adopting(AddRequest request) {
    return request.afterConnectSink() != null && request.afterConnectSink().adopt();
  }

  /** The options of an adopted table: those of an attached one; what only applies to a new table is refused. */
  private static Map<String, String> adoptOptions(AddRequest request, Map<String, String> options) {
    String table = request.afterConnectSink().sinkTable();
    if (request.attach()) {
      throw MinkException.user(
          "--adopt attaches the sink's table " + table + " itself: leave out --attach");
    }
    if (request.namespace() != null || request.name() != null) {
      throw MinkException.user("--adopt names the table, " + table
          + ", as the sink's table: leave out --namespace and --name");
    }
    if (MinkTableLayout.isUpsert(options)) {
      throw MinkException.user(
          "Cannot adopt the sink's table " + table + " as an upsert table: its rows have"
              + " no _kafka_key to key on, and Iceberg does not make the optional column Mink adds required."
              + " Adopt it with --mode append, or add the topic as a new upsert table with --after-connect-sink");
    }
    if (request.autoCompaction()) {
      throw MinkException.user(
          "Cannot use --auto-compaction with --adopt: compaction finds a file's Kafka partition"
              + " by the field ids of the _kafka_* columns in a table Mink made, which the sink's table gives to its own"
              + " columns. Leave out --auto-compaction, and compact the adopted table with your engine");
    }
    if (!request.partitionBy().isEmpty()) {
      throw MinkException.user(
          "--partition-by applies to a table Mink creates: an adopted table keeps the sink's "
              + "partition fields and gains identity(_kafka_partition). Leave out --partition-by");
    }
    if (options.containsKey(MinkTableLayout.FORMAT_VERSION_OPTION)) {
      throw MinkException.user(
          MinkTableLayout.FORMAT_VERSION_OPTION + " applies to a table Mink creates: an "
              + "adopted table keeps its format version. Leave out the option, or upgrade the table with your engine");
    }
    options.put(MinkTableLayout.ATTACH_OPTION, "true");
    return options;
  }
}
