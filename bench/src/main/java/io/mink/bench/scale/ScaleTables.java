package io.mink.bench.scale;

import io.mink.indexer.config.IndexerSettings;
import io.mink.indexer.schedule.TieringService;
import io.mink.lake.AcceptedStart;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * The scale model's tables: one topic each, of 1, 2 or 3 partitions, added as Mink tables the way
 * {@code mink table add} adds them (the Iceberg table with Mink's layout, then the descriptor in the tables topic),
 * with the default freshness. A seeded share of them is active: their topics receive records during the run.
 */
final class ScaleTables {
  /** Topics created, or described, in one request. */
  private static final int TOPIC_BATCH = 500;
  /** Writers of the tables topic at once during the setup, each with a store of its own. */
  private static final int DESCRIPTOR_WRITERS = 16;
  /**
   * How long the setup waits for the broker's metadata to hold the topics it created: a busy broker takes minutes to
   * create the logs of 17,000 partitions.
   */
  private static final Duration METADATA_WAIT = Duration.ofMinutes(15);

  /**
   * One table of the model.
   *
   * @param qualifiedName the table's name, as its status names it
   * @param active whether its topic receives records during the run
   */
  record Table(String topic, String qualifiedName, int partitions, boolean active) {}

  /**
   * How long each step of the setup took, in seconds.
   *
   * @param topics creating the topics
   * @param icebergTables creating the Iceberg tables in the catalog
   * @param descriptors writing the descriptors to the tables topic
   */
  record SetupTimes(double topics, double icebergTables, double descriptors) {}

  private final List<Table> tables;
  private final SetupTimes times;

  private ScaleTables(List<Table> tables, SetupTimes times) {
    this.tables = List.copyOf(tables);
    this.times = times;
  }

  /**
   * Partitions of a table: 1 for half of them, 2 for 30%, 3 for 20% (1.7 on average). Kafka keeps a file open for each
   * partition's log, and the broker of this run shares the open-file limit of one process.
   */
  static int partitions(Random random) {
    int draw = random.nextInt(10);
    return draw < 5 ? 1 : draw < 8 ? 2 : 3;
  }

  /** Creates the topics, the Iceberg tables and the descriptors, and returns the tables. */
  static ScaleTables create(
      Admin admin,
      KafkaClientFactory clients,
      String tablesTopic,
      LakeTables lake,
      int count,
      int active,
      Random random,
      boolean fromLatest)
      throws InterruptedException {
    List<String> topics = new ArrayList<>();
    Map<String, Integer> partitions = new HashMap<>();
    for (int i = 0; i < count; i++) {
      String topic = String.format("scale-%05d", i);
      topics.add(topic);
      partitions.put(topic, partitions(random));
    }
    List<String> shuffled = new ArrayList<>(topics);
    Collections.shuffle(shuffled, random);
    Set<String> activeTopics = new HashSet<>(shuffled.subList(0, active));

    long started = System.nanoTime();
    createTopics(admin, topics, partitions);
    Map<String, String> topicIds = topicIds(admin, topics);
    Map<String, Map<String, String>> options =
        fromLatest ? latestStarts(admin, partitions) : Map.of();
    double topicSeconds = (System.nanoTime() - started) / 1e9;

    IndexerSettings defaults = IndexerSettings.defaults();
    List<TableDescriptor> descriptors = new ArrayList<>();
    started = System.nanoTime();
    for (String topic : topics) {
      TableDescriptor descriptor = new TableDescriptor(
          defaults.namespace(),
          TableDescriptor.tableNameFor(topic),
          topic,
          topicIds.get(topic),
          defaults.freshness(),
          options.getOrDefault(topic, Map.of()),
          Instant.now());
      lake.create(
          TieringService.identifier(descriptor),
          MinkTableLayout.properties(
              topic, topicIds.get(topic), defaults.targetFileSizeBytes(), descriptor.options()));
      descriptors.add(descriptor);
    }
    double icebergSeconds = (System.nanoTime() - started) / 1e9;

    started = System.nanoTime();
    writeDescriptors(clients, tablesTopic, descriptors);
    double descriptorSeconds = (System.nanoTime() - started) / 1e9;

    List<Table> tables = new ArrayList<>();
    for (TableDescriptor descriptor : descriptors) {
      tables.add(new Table(
          descriptor.topic(),
          descriptor.qualifiedName(),
          partitions.get(descriptor.topic()),
          activeTopics.contains(descriptor.topic())));
    }
    return new ScaleTables(tables, new SetupTimes(topicSeconds, icebergSeconds, descriptorSeconds));
  }

  private static void createTopics(
      Admin admin, List<String> topics, Map<String, Integer> partitions)
      throws InterruptedException {
    for (int from = 0; from < topics.size(); from += TOPIC_BATCH) {
      List<NewTopic> batch =
          topics.subList(from, Math.min(topics.size(), from + TOPIC_BATCH)).stream()
              .map(topic -> new NewTopic(topic, partitions.get(topic), (short) 1))
              .toList();
      try {
        admin.createTopics(batch).all().get();
      } catch (ExecutionException e) {
        throw new IllegalStateException(
            "Cannot create the scale model's topics: " + e.getCause().getMessage(), e.getCause());
      }
    }
  }

  /**
   * The topics' ids, asked again for a while for topics the broker does not know yet: a topic just created reaches
   * the broker's metadata a moment after its creation returns, later on a busy controller.
   */
  /**
   * Each table's options with the accepted start {@code mink table add --from latest} records: every partition's last
   * stable offset now, in one request.
   */
  private static Map<String, Map<String, String>> latestStarts(
      Admin admin, Map<String, Integer> partitions) throws InterruptedException {
    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
    partitions.forEach((topic, count) -> {
      for (int partition = 0; partition < count; partition++) {
        latest.put(new TopicPartition(topic, partition), OffsetSpec.latest());
      }
    });
    Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends;
    try {
      ends = admin
          .listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED))
          .all()
          .get();
    } catch (ExecutionException e) {
      throw new IllegalStateException("Cannot read the topics' end offsets", e.getCause());
    }
    Map<String, Map<Integer, Long>> starts = new HashMap<>();
    ends.forEach((partition, end) -> starts
        .computeIfAbsent(partition.topic(), topic -> new HashMap<>())
        .put(partition.partition(), end.offset()));
    Map<String, Map<String, String>> options = new HashMap<>();
    starts.forEach((topic, start) -> options.put(
        topic,
        Map.of(MinkTableLayout.START_OFFSETS_OPTION, AcceptedStart.of(start).encode())));
    return options;
  }

  private static Map<String, String> topicIds(Admin admin, List<String> topics)
      throws InterruptedException {
    Map<String, String> ids = new HashMap<>();
    long deadline = System.nanoTime() + METADATA_WAIT.toNanos();
    for (int from = 0; from < topics.size(); from += TOPIC_BATCH) {
      List<String> batch = topics.subList(from, Math.min(topics.size(), from + TOPIC_BATCH));
      while (true) {
        try {
          Map<String, TopicDescription> described =
              admin.describeTopics(batch).allTopicNames().get();
          described.forEach(
              (name, description) -> ids.put(name, description.topicId().toString()));
          break;
        } catch (ExecutionException e) {
          if (!(e.getCause() instanceof UnknownTopicOrPartitionException)
              || System.nanoTime() > deadline) {
            throw new IllegalStateException(
                "Cannot describe the scale model's topics: " + e.getCause().getMessage(),
                e.getCause());
          }
          Thread.sleep(500);
        }
      }
    }
    return ids;
  }

  /**
   * Writes the descriptors to the tables topic through {@link KafkaTableStore#put}, which opens a producer for each
   * entry; a few stores write at once so the setup of 10,000 tables takes minutes, not most of an hour.
   */
  private static void writeDescriptors(
      KafkaClientFactory clients, String tablesTopic, List<TableDescriptor> descriptors)
      throws InterruptedException {
    Map<Integer, List<TableDescriptor>> shares = descriptors.stream()
        .collect(Collectors.groupingBy(descriptor ->
            Math.floorMod(descriptor.qualifiedName().hashCode(), DESCRIPTOR_WRITERS)));
    ExecutorService writers = Executors.newFixedThreadPool(DESCRIPTOR_WRITERS);
    try {
      List<Future<?>> written = new ArrayList<>();
      for (List<TableDescriptor> share : shares.values()) {
        written.add(writers.submit(() -> {
          try (KafkaTableStore store = new KafkaTableStore(clients, tablesTopic)) {
            share.forEach(store::put);
          }
        }));
      }
      for (Future<?> future : written) {
        try {
          future.get();
        } catch (ExecutionException e) {
          throw new IllegalStateException(
              "Cannot write the scale model's tables to " + tablesTopic + ": "
                  + e.getCause().getMessage(),
              e.getCause());
        }
      }
    } finally {
      writers.shutdownNow();
    }
  }

  List<Table> all() {
    return tables;
  }

  List<Table> active() {
    return tables.stream().filter(Table::active).toList();
  }

  int partitionCount() {
    return tables.stream().mapToInt(Table::partitions).sum();
  }

  SetupTimes times() {
    return times;
  }
}
