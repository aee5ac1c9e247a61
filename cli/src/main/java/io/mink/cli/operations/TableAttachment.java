package io.mink.cli.operations;

import io.mink.indexer.errors.ErrorCategory;
import io.mink.indexer.errors.MinkException;
import io.mink.indexer.takeover.SinkBoundary;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.TableMode;
import io.mink.lake.attach.AttachCheck;
import io.mink.lake.attach.AttachConflictException;
import io.mink.lake.attach.TableAdopt;
import io.mink.lake.attach.TableAttach;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.TableDescriptor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;

/** {@code mink table add --attach}: takes over an existing Iceberg table once every check passes. */
final class TableAttachment {
  private final TableStoreSession session;
  private final LakeTables lake;
  private final TableIdentifier identifier;
  private final TableDescriptor descriptor;
  private final TopicDescription topicDescription;

  TableAttachment(
      TableStoreSession session,
      LakeTables lake,
      TableIdentifier identifier,
      TableDescriptor descriptor,
      TopicDescription topicDescription) {
    this.session = session;
    this.lake = lake;
    this.identifier = identifier;
    this.descriptor = descriptor;
    this.topicDescription = topicDescription;
  }

  /**
   * Checks the existing table, takes its baseline, checks that against the topic, commits it as an
   * empty Mink snapshot and records the table; returns where indexing starts. Nothing is committed
   * unless every check passes.
   */
  AddedTable.AttachStart attach() {
    if (!lake.exists(identifier)) {
      throw MinkException.conflict("Table " + identifier + " does not exist in the catalog, so "
          + "there is nothing to attach: leave out --attach to create it, or name the existing table with "
          + "--namespace and --name");
    }
    Table table = lake.load(identifier);
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    List<String> problems = AttachCheck.problems(
        identifier.toString(), metadata, descriptor.topic(), TableMode.of(descriptor.options()));
    if (!problems.isEmpty()) {
      throw cannotAttach(problems);
    }
    TableAttach.Baseline baseline = TableAttach.baseline(table, metadata);
    Map<Integer, Long> starts = offsets(OffsetSpec.earliest());
    Map<Integer, Long> ends = offsets(OffsetSpec.latest());
    problems = AttachCheck.topicProblems(descriptor.topic(), baseline.offsets(), ends);
    if (!problems.isEmpty()) {
      throw cannotAttach(problems);
    }
    commit(table, metadata, baseline, "");
    return new AddedTable.AttachStart(baseline, starts);
  }

  /**
   * {@code --adopt}: evolves the Kafka Connect sink's table for Mink ({@link TableAdopt}), then attaches it with the
   * sink's boundary as the baseline, so indexing continues in the same table where the sink's committed data ends.
   * Partitions the boundary does not name start at their log start, as the sink never committed any of their
   * records. Refused when the table changed after {@code boundarySnapshot}, its current snapshot before the boundary
   * was read: the boundary would then not be where its data ends.
   */
  AddedTable.AttachStart adopt(SinkBoundary boundary, Long boundarySnapshot) {
    Table table = lake.load(identifier);
    if (!Objects.equals(snapshotId(table), boundarySnapshot)) {
      throw MinkException.conflict(
          "The sink's table " + identifier + " was committed to while Mink read where its"
              + " data ends: is the connector stopped? Stop it, then run the same command again");
    }
    try {
      TableAdopt.evolve(table);
    } catch (RuntimeException e) {
      throw MinkException.conflict(
          "Cannot add the _kafka_* columns and identity(_kafka_partition) to the sink's table "
              + identifier
              + " (" + Connections.rootMessage(e)
              + "): check that the connector is stopped and nothing else"
              + " changes the table, then run the same command again",
          e);
    }
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    List<String> problems = AttachCheck.problems(
        identifier.toString(),
        metadata,
        descriptor.topic(),
        TableMode.of(descriptor.options()),
        true);
    if (!problems.isEmpty()) {
      throw cannotAdopt(problems);
    }
    Snapshot current = metadata.currentSnapshot();
    TableAttach.Baseline baseline = new TableAttach.Baseline(
        LakeOffsets.of(boundary.firstOffsets()),
        TableAttach.Source.CONNECT_SINK,
        current == null ? null : current.snapshotId());
    Map<Integer, Long> starts = offsets(OffsetSpec.earliest());
    problems = AttachCheck.topicProblems(
        descriptor.topic(), baseline.offsets(), offsets(OffsetSpec.latest()));
    if (!problems.isEmpty()) {
      throw cannotAdopt(problems);
    }
    commit(table, metadata, baseline, " (is the connector stopped?)");
    return new AddedTable.AttachStart(baseline, starts);
  }

  private void commit(
      Table table, TableMetadata metadata, TableAttach.Baseline baseline, String conflictHint) {
    try {
      TableAttach.commit(
          identifier.toString(),
          table,
          metadata,
          baseline,
          MinkTableLayout.attachProperties(
              descriptor.topic(), descriptor.topicId(), TableOptions.withFreshness(descriptor)));
    } catch (AttachConflictException e) {
      throw MinkException.conflict(e.getMessage() + conflictHint, e);
    }
    TableAddition.record(
        session,
        descriptor,
        "; the table keeps Mink's baseline snapshot (empty: no row changed). "
            + "Check that Kafka is up and Mink may write the topic, then run the same command again",
        () -> {});
  }

  /** The id of the table's current snapshot; null when the table does not exist or has none. */
  static Long currentSnapshot(LakeTables lake, TableIdentifier identifier) {
    return lake.exists(identifier) ? snapshotId(lake.load(identifier)) : null;
  }

  private static Long snapshotId(Table table) {
    Snapshot current = table.currentSnapshot();
    return current == null ? null : current.snapshotId();
  }

  private MinkException cannotAdopt(List<String> problems) {
    return MinkException.conflict("Cannot adopt the sink's table " + identifier + ": "
        + String.join("; ", problems)
        + ". The optional _kafka_* columns and identity(_kafka_partition) added to it stay (they change no row);"
        + " fix the table and run the same command again");
  }

  private MinkException cannotAttach(List<String> problems) {
    return MinkException.conflict(
        "Cannot attach table " + identifier + ": " + String.join("; ", problems));
  }

  private Map<Integer, Long> offsets(OffsetSpec spec) {
    Map<TopicPartition, OffsetSpec> request = new HashMap<>();
    for (TopicPartitionInfo partition : topicDescription.partitions()) {
      request.put(new TopicPartition(descriptor.topic(), partition.partition()), spec);
    }
    try {
      Map<TopicPartition, ListOffsetsResultInfo> result = session
          .admin()
          .listOffsets(request)
          .all()
          .get(Connections.KAFKA_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      Map<Integer, Long> offsets = new TreeMap<>();
      result.forEach((partition, info) -> offsets.put(partition.partition(), info.offset()));
      return offsets;
    } catch (ExecutionException | TimeoutException e) {
      throw Connections.unreachable(session.clients(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MinkException(
          ErrorCategory.INTERNAL,
          "Interrupted while reading the offsets of " + descriptor.topic(),
          e);
    }
  }
}
