package io.mink.cli;

import io.mink.indexer.config.Durations;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.attach.AttachCheck;
import io.mink.lake.attach.AttachConflictException;
import io.mink.lake.attach.TableAttach;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.TableDescriptor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.iceberg.HasTableOperations;
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

  TableAttachment(TableStoreSession session, LakeTables lake, TableIdentifier identifier, TableDescriptor descriptor,
      TopicDescription topicDescription) {
    this.session = session;
    this.lake = lake;
    this.identifier = identifier;
    this.descriptor = descriptor;
    this.topicDescription = topicDescription;
  }

  /**
   * Checks the existing table, takes its baseline, checks that against the topic, commits it as an
   * empty Mink snapshot and records the table; returns the line to print. Nothing is committed
   * unless every check passes.
   */
  String attach(TableAddCommand.Recorder recorder) {
    if (!lake.exists(identifier)) {
      throw new CommandFailure(ExitCode.CONFLICT, "Table " + identifier + " does not exist in the catalog, so "
          + "there is nothing to attach: leave out --attach to create it, or name the existing table with "
          + "--namespace and --name");
    }
    Table table = lake.load(identifier);
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    List<String> problems = AttachCheck.problems(identifier.toString(), metadata, descriptor.topic());
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
    try {
      TableAttach.commit(identifier.toString(), table, metadata, baseline, MinkTableLayout.attachProperties(
          descriptor.topic(), descriptor.topicId(), TableOptions.withFreshness(descriptor)));
    } catch (AttachConflictException e) {
      throw new CommandFailure(ExitCode.CONFLICT, e.getMessage(), e);
    }
    recorder.record(session, descriptor, "; the table keeps Mink's baseline snapshot (empty: no row changed). "
        + "Check that Kafka is up and Mink may write the topic, then run the same command again", () -> { });
    return String.format("Attached table %s to topic %s (%s, topic id %s): its rows stay as they are, "
            + "%s. The sidecar indexes it every %s.", descriptor.qualifiedName(), descriptor.topic(),
        TableAddCommand.partitions(topicDescription), descriptor.topicId(), startDescription(baseline, starts),
        Durations.format(descriptor.freshness()));
  }

  private CommandFailure cannotAttach(List<String> problems) {
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

  private Map<Integer, Long> offsets(OffsetSpec spec) {
    Map<TopicPartition, OffsetSpec> request = new HashMap<>();
    for (TopicPartitionInfo partition : topicDescription.partitions()) {
      request.put(new TopicPartition(descriptor.topic(), partition.partition()), spec);
    }
    try {
      Map<TopicPartition, ListOffsetsResultInfo> result = session.admin().listOffsets(request).all()
          .get(Connections.KAFKA_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      Map<Integer, Long> offsets = new TreeMap<>();
      result.forEach((partition, info) -> offsets.put(partition.partition(), info.offset()));
      return offsets;
    } catch (ExecutionException | TimeoutException e) {
      throw Connections.unreachable(session.clients(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CommandFailure(ExitCode.INTERNAL_ERROR, "Interrupted while reading the offsets of "
          + descriptor.topic(), e);
    }
  }
}
