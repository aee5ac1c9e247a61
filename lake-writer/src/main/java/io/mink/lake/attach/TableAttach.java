package io.mink.lake.attach;

import static java.util.Objects.requireNonNull;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.PartitionSpecs;
import io.mink.lake.commit.GuardedOperations;
import io.mink.schema.KafkaColumns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.UpdateProperties;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.exceptions.CommitStateUnknownException;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Types;

/**
 * Attaches Mink to an Iceberg table that already exists (docs/layout.md, "Attaching an
 * existing table"): the table's current snapshot becomes the baseline. Rows at or below it are the lake's,
 * rows above come from the log: per Kafka partition, indexing starts after the highest
 * {@code _kafka_offset} the table holds. The baseline is recorded as an empty Mink snapshot carrying
 * it as {@code mink-offsets}, so rounds resume from it as from any other Mink commit. Rows are never
 * changed. Run {@link AttachCheck} first.
 */
public final class TableAttach {

  /** Where a baseline's offsets come from. */
  public enum Source {
    /** The table has no snapshot: every partition starts at its log start. */
    EMPTY,
    /** The current snapshot is Mink's: its mink-offsets. */
    MINK_OFFSETS,
    /** max(_kafka_offset) + 1 per partition, from the column upper bounds in the manifests. */
    COLUMN_BOUNDS,
    /** max(_kafka_offset) + 1 per partition, from reading the two columns, as some file had no bounds. */
    ROW_SCAN,
    /** Where the Kafka Connect sink's committed data in the adopted table ends ({@link TableAdopt}). */
    CONNECT_SINK
  }

  /**
   * Per Kafka partition, the next offset to read after the table's current snapshot.
   *
   * @param snapshotId the current snapshot the baseline is taken at, or null for a table without one
   */
  public record Baseline(LakeOffsets offsets, Source source, Long snapshotId) {
    public Baseline {
      requireNonNull(offsets, "offsets is null");
      requireNonNull(source, "source is null");
    }
  }

  private TableAttach() {}

  /**
   * The baseline at the current snapshot of {@code metadata}: the snapshot's mink-offsets when it
   * is Mink's, else max(_kafka_offset) + 1 per _kafka_partition (at least the newest Mink
   * snapshot's offsets, when an older one exists).
   */
  public static Baseline baseline(Table table, TableMetadata metadata) {
    Snapshot current = metadata.currentSnapshot();
    Optional<MinkSnapshot> mink = MinkSnapshot.newest(metadata);
    if (current == null) {
      return new Baseline(
          mink.map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE), Source.EMPTY, null);
    }
    if (mink.isPresent() && mink.get().snapshotId() == current.snapshotId()) {
      return new Baseline(mink.get().offsets(), Source.MINK_OFFSETS, current.snapshotId());
    }
    LakeOffsets recorded = mink.map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
    Optional<Map<Integer, Long>> bounds = fromColumnBounds(table, metadata, current.snapshotId());
    Map<Integer, Long> next = new TreeMap<>(recorded.nextOffsets());
    bounds
        .orElseGet(() -> fromRows(table, current.snapshotId()))
        .forEach((partition, offset) -> next.merge(partition, offset, Math::max));
    return new Baseline(
        LakeOffsets.of(next),
        bounds.isPresent() ? Source.COLUMN_BOUNDS : Source.ROW_SCAN,
        current.snapshotId());
  }

  /**
   * Commits the baseline as one empty Mink snapshot together with the given table properties.
   * Refused with {@link AttachConflictException} when the table changed since {@code checked}, the
   * metadata the checks and the baseline were made on: nothing is committed then.
   *
   * @param tableName the table as messages name it, such as kafka.orders
   */
  public static MinkSnapshot commit(
      String tableName,
      Table table,
      TableMetadata checked,
      Baseline baseline,
      Map<String, String> properties) {
    String attachId = "attach-" + UUID.randomUUID();
    GuardedOperations guarded = new GuardedOperations(
        ((HasTableOperations) table).operations(),
        base -> checkUnchanged(tableName, checked, base));
    Transaction transaction = new BaseTable(guarded, table.name()).newTransaction();
    UpdateProperties update = transaction.updateProperties();
    properties.forEach(update::set);
    update.commit();
    AppendFiles append = transaction.newFastAppend();
    append.set(MinkSnapshot.COMMIT_USER_PROPERTY, MinkSnapshot.COMMIT_USER);
    append.set(MinkSnapshot.OFFSETS_PROPERTY, baseline.offsets().encode());
    append.set(MinkSnapshot.ROUND_PROPERTY, attachId);
    append.set(MinkSnapshot.ATTACH_PROPERTY, "true");
    append.set(
        MinkSnapshot.ATTACH_BASELINE_SNAPSHOT_PROPERTY,
        baseline.snapshotId() == null ? "none" : baseline.snapshotId().toString());
    String topic = properties.get(MinkTableLayout.TOPIC_PROPERTY);
    if (topic != null) {
      append.set(MinkSnapshot.TOPIC_PROPERTY, topic);
    }
    append.commit();
    try {
      transaction.commitTransaction();
    } catch (CommitStateUnknownException e) {
      table.refresh();
      return find(table, attachId).orElseThrow(() -> e);
    }
    table.refresh();
    return find(table, attachId)
        .orElseThrow(() -> new IllegalStateException(
            "The attach snapshot of " + table.name() + " was committed but is not there"));
  }

  private static void checkUnchanged(String tableName, TableMetadata checked, TableMetadata base) {
    String change = null;
    if (!Objects.equals(snapshotId(checked), snapshotId(base))) {
      change = "a snapshot was committed";
    } else if (checked.currentSchemaId() != base.currentSchemaId()) {
      change = "its schema changed";
    } else if (checked.defaultSpecId() != base.defaultSpecId()) {
      change = "its partition spec changed";
    } else if (checked.formatVersion() != base.formatVersion()) {
      change = "its format version changed";
    }
    if (change != null) {
      throw new AttachConflictException(tableName, change);
    }
  }

  private static Long snapshotId(TableMetadata metadata) {
    Snapshot snapshot = metadata.currentSnapshot();
    return snapshot == null ? null : snapshot.snapshotId();
  }

  private static Optional<MinkSnapshot> find(Table table, String attachId) {
    for (Snapshot snapshot : table.snapshots()) {
      if (MinkSnapshot.isMink(snapshot)
          && attachId.equals(snapshot.summary().get(MinkSnapshot.ROUND_PROPERTY))) {
        return Optional.of(MinkSnapshot.of(snapshot));
      }
    }
    return Optional.empty();
  }

  /**
   * Max(_kafka_offset) + 1 per partition from the manifests' column bounds. The partition of a file is its
   * identity(_kafka_partition) value, else its _kafka_partition bounds when they are equal. Empty when some file
   * has neither or no offset bound.
   */
  private static Optional<Map<Integer, Long>> fromColumnBounds(
      Table table, TableMetadata metadata, long snapshotId) {
    Map<Integer, Long> next = new TreeMap<>();
    Types.NestedField partitionColumn = metadata.schema().findField(KafkaColumns.PARTITION);
    Types.NestedField offsetColumn = metadata.schema().findField(KafkaColumns.OFFSET);
    try (CloseableIterable<FileScanTask> tasks = table
        .newScan()
        .useSnapshot(snapshotId)
        .includeColumnStats(List.of(KafkaColumns.PARTITION, KafkaColumns.OFFSET))
        .planFiles()) {
      for (FileScanTask task : tasks) {
        DataFile file = task.file();
        if (file.recordCount() == 0) {
          continue;
        }
        Integer partition =
            partitionOf(file, metadata.specsById().get(file.specId()), partitionColumn.fieldId());
        Long maxOffset = bound(file.upperBounds(), offsetColumn, Long.class);
        if (partition == null || maxOffset == null) {
          return Optional.empty();
        }
        next.merge(partition, maxOffset + 1, Math::max);
      }
      return Optional.of(next);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the manifests of " + table.name(), e);
    }
  }

  private static Integer partitionOf(DataFile file, PartitionSpec spec, int partitionFieldId) {
    int position = spec == null ? -1 : PartitionSpecs.kafkaPartitionIdentity(spec);
    if (position >= 0) {
      return file.partition().get(position, Integer.class);
    }
    Types.NestedField column = Types.NestedField.required(
        partitionFieldId, KafkaColumns.PARTITION, Types.IntegerType.get());
    Integer lower = bound(file.lowerBounds(), column, Integer.class);
    Integer upper = bound(file.upperBounds(), column, Integer.class);
    return lower != null && lower.equals(upper) ? lower : null;
  }

  private static <T> T bound(
      Map<Integer, ByteBuffer> bounds, Types.NestedField column, Class<T> javaClass) {
    if (bounds == null) {
      return null;
    }
    ByteBuffer value = bounds.get(column.fieldId());
    return value == null ? null : javaClass.cast(Conversions.fromByteBuffer(column.type(), value));
  }

  /** Max(_kafka_offset) + 1 per partition from the rows of the snapshot. */
  private static Map<Integer, Long> fromRows(Table table, long snapshotId) {
    Map<Integer, Long> next = new TreeMap<>();
    try (CloseableIterable<Record> rows = IcebergGenerics.read(table)
        .useSnapshot(snapshotId)
        .select(KafkaColumns.PARTITION, KafkaColumns.OFFSET)
        .build()) {
      for (Record row : rows) {
        Integer partition = (Integer) row.getField(KafkaColumns.PARTITION);
        Long offset = (Long) row.getField(KafkaColumns.OFFSET);
        if (partition != null && offset != null) {
          next.merge(partition, offset + 1, Math::max);
        }
      }
      return next;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the rows of " + table.name(), e);
    }
  }
}
