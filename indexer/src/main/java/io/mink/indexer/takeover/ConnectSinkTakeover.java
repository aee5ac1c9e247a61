package io.mink.indexer.takeover;

import io.mink.indexer.errors.MinkException;
import io.mink.tables.KafkaClientFactory;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotChanges;
import org.apache.iceberg.Table;
import org.apache.iceberg.util.SnapshotUtil;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;

/**
 * Reads what a stopped Kafka Connect sink left (its newest commit to the table, its control topic, its Connect
 * group's offsets) and applies {@link SinkBoundaryRule}: where Mink takes a topic over from the sink, each offset in
 * exactly one of the two tables (docs/operations.md, "Switching from the Kafka Connect sink").
 */
public final class ConnectSinkTakeover {
  private final Admin admin;
  private final KafkaClientFactory clients;

  public ConnectSinkTakeover(Admin admin, KafkaClientFactory clients) {
    this.admin = admin;
    this.clients = clients;
  }

  /**
   * Where the sink's committed data of {@code topic} in {@code table} ends.
   *
   * @param tableName the table as the sink names it, {@code namespace.name}
   * @param partitions the topic's partitions now
   * @param connectGroup the sink's Connect group, {@code connect-<connector name>} unless its
   *     {@code iceberg.connect.group-id} says otherwise
   */
  public SinkBoundary boundary(
      Table table, String tableName, String topic, Set<Integer> partitions, String connectGroup) {
    checkStopped(connectGroup);
    table.refresh();
    Snapshot current = table.currentSnapshot();
    Iterable<Snapshot> lineage = current == null
        ? List.of()
        : SnapshotUtil.ancestorsOf(current.snapshotId(), table::snapshot);
    SinkCommit commit = SinkCommit.newest(lineage, tableName, connectGroup)
        .orElseThrow(() ->
            MinkException.conflict("Table " + tableName + " has no commit of the Kafka Connect"
                + " sink of group " + connectGroup + " (no snapshot summary "
                + SinkCommit.OFFSETS_PREFIX
                + "<control topic>." + connectGroup
                + " in its current lineage): check --connect-group (the"
                + " connector's iceberg.connect.group-id, by default connect-<connector name>); if the sink has not"
                + " committed yet, " + SinkBoundaryRule.RUN_A_COMMIT));
    String controlTopic = commit.controlTopic();
    Map<Integer, Long> logStarts =
        offsets(controlTopic, OffsetSpec.earliest(), IsolationLevel.READ_UNCOMMITTED);
    Map<Integer, Long> committedEnds =
        offsets(controlTopic, OffsetSpec.latest(), IsolationLevel.READ_COMMITTED);
    Map<Integer, Long> ends =
        offsets(controlTopic, OffsetSpec.latest(), IsolationLevel.READ_UNCOMMITTED);
    committedEnds.forEach((partition, stable) -> {
      if (stable < ends.get(partition)) {
        throw MinkException.conflict(String.format(
            Locale.ROOT,
            "A transaction on partition %d of the control topic %s is still open from offset %d (the sink was"
                + " stopped in the middle of one): wait until Kafka aborts it, after the producer's"
                + " transaction.timeout.ms (1 minute unless the connector's iceberg.kafka.transaction.timeout.ms"
                + " says otherwise), and run the command again",
            partition,
            controlTopic,
            stable));
      }
    });
    List<ControlEvent> events;
    try (KafkaConsumer<byte[], byte[]> consumer =
        clients.rawConsumer("connect-takeover", Map.of())) {
      events = ControlTopicReader.read(consumer, controlTopic, logStarts, committedEnds, topic);
    }
    SinkState state = new SinkState(
        tableName,
        topic,
        connectGroup,
        controlTopic,
        partitions,
        commit.positions(),
        logStarts,
        SinkTransactions.of(events, connectGroup, tableName, logStarts),
        groupOffsets(connectGroup, topic),
        lineageFiles(table));
    return SinkBoundaryRule.resolve(state);
  }

  /**
   * Every file location the snapshots of the table's current lineage added, when the lineage reaches the table's
   * first snapshot; empty when older snapshots expired.
   */
  static Optional<Set<String>> lineageFiles(Table table) {
    Snapshot current = table.currentSnapshot();
    if (current == null) {
      return Optional.of(Set.of());
    }
    Set<String> files = new HashSet<>();
    Snapshot oldest = current;
    for (Snapshot snapshot : SnapshotUtil.ancestorsOf(current.snapshotId(), table::snapshot)) {
      SnapshotChanges changes =
          SnapshotChanges.builderFor(table).snapshot(snapshot).build();
      changes.addedDataFiles().forEach(file -> files.add(file.location()));
      changes.addedDeleteFiles().forEach(file -> files.add(file.location()));
      oldest = snapshot;
    }
    return oldest.parentId() == null ? Optional.of(files) : Optional.empty();
  }

  /** Refuses while the Connect group has members: the connector would go on writing. */
  private void checkStopped(String connectGroup) {
    try {
      ConsumerGroupDescription group = admin
          .describeConsumerGroups(List.of(connectGroup))
          .describedGroups()
          .get(connectGroup)
          .get();
      if (!group.members().isEmpty()) {
        throw MinkException.conflict(
            "The Connect group " + connectGroup + " has " + group.members().size()
                + " member(s): the connector is running. Stop the connector first (and wait until its tasks left"
                + " the group), then run the command again");
      }
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof GroupIdNotFoundException)) {
        throw unavailable("describe the Connect group " + connectGroup, e);
      }
    } catch (InterruptedException e) {
      throw MinkException.interrupted("describing the Connect group " + connectGroup, e);
    }
  }

  private Map<Integer, Long> offsets(String topic, OffsetSpec spec, IsolationLevel isolation) {
    try {
      List<Integer> partitions =
          admin
              .describeTopics(List.of(topic))
              .allTopicNames()
              .get()
              .get(topic)
              .partitions()
              .stream()
              .map(info -> info.partition())
              .toList();
      Map<TopicPartition, OffsetSpec> request = new HashMap<>();
      partitions.forEach(partition -> request.put(new TopicPartition(topic, partition), spec));
      Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> answer =
          admin.listOffsets(request, new ListOffsetsOptions(isolation)).all().get();
      Map<Integer, Long> offsets = new HashMap<>();
      answer.forEach((partition, info) -> offsets.put(partition.partition(), info.offset()));
      return offsets;
    } catch (ExecutionException e) {
      throw unavailable("read the offsets of the control topic " + topic, e);
    } catch (InterruptedException e) {
      throw MinkException.interrupted("reading the offsets of " + topic, e);
    }
  }

  private Map<Integer, Long> groupOffsets(String connectGroup, String topic) {
    try {
      Map<TopicPartition, OffsetAndMetadata> committed = admin
          .listConsumerGroupOffsets(
              connectGroup, new ListConsumerGroupOffsetsOptions().requireStable(true))
          .partitionsToOffsetAndMetadata()
          .get();
      Map<Integer, Long> offsets = new HashMap<>();
      committed.forEach((partition, offset) -> {
        if (partition.topic().equals(topic) && offset != null) {
          offsets.put(partition.partition(), offset.offset());
        }
      });
      return offsets;
    } catch (ExecutionException e) {
      if (e.getCause() instanceof GroupIdNotFoundException) {
        return Map.of();
      }
      throw unavailable("read the committed offsets of the Connect group " + connectGroup, e);
    } catch (InterruptedException e) {
      throw MinkException.interrupted("reading the offsets of " + connectGroup, e);
    }
  }

  private static MinkException unavailable(String what, ExecutionException e) {
    return MinkException.external(
        "Cannot " + what + " (" + e.getCause().getMessage()
            + "): check that Kafka is up and that Mink may"
            + " describe the group and read the control topic",
        e.getCause());
  }
}
