package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.testing.UpsertModel;
import io.mink.indexer.upsert.UpsertRound;
import io.mink.lake.MinkSnapshot;
import io.mink.schema.KafkaColumns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotSummary;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * Checks every snapshot an upsert table ever had against an {@link UpsertWalk}'s model: read with Iceberg's generic
 * reader, which applies deletion vectors and position deletes, the snapshot holds exactly the newest record of each
 * live key below its mink-offsets, each key once; its deletes are deletion vectors (format 3, at most one per data
 * file) or Parquet position deletes (format 2), never equality deletes. Each snapshot is checked once, in the order
 * of the table's history; snapshots are never expired within the test's time.
 */
final class UpsertSnapshots {
  private static final Duration MODEL_WAIT = Duration.ofSeconds(30);

  private final Supplier<Table> table;
  private final UpsertWalk walk;
  private final int formatVersion;
  private final Set<Long> checked = new HashSet<>();
  private long rows;
  private long deleteFiles;
  private long rewrittenFiles;
  private long nullKeys;

  UpsertSnapshots(Supplier<Table> table, UpsertWalk walk, int formatVersion) {
    this.table = table;
    this.walk = walk;
    this.formatVersion = formatVersion;
  }

  /** Checks the snapshots not checked yet; fails on the first that differs from the model. */
  synchronized void checkNew() throws InterruptedException {
    Table current = table.get();
    for (Snapshot snapshot : current.snapshots()) {
      if (!checked.contains(snapshot.snapshotId())) {
        check(current, snapshot);
        checked.add(snapshot.snapshotId());
      }
    }
  }

  private void check(Table current, Snapshot snapshot) throws InterruptedException {
    assertThat(MinkSnapshot.isMink(snapshot))
        .as("snapshot %d (%s) is a Mink round's", snapshot.snapshotId(), snapshot.summary())
        .isTrue();
    Map<Integer, Long> offsets = MinkSnapshot.of(snapshot).offsets().nextOffsets();
    Map<String, UpsertModel.Row> expected = walk.liveBelow(offsets, MODEL_WAIT);
    List<String> problems = new ArrayList<>(deleteProblems(current, snapshot));
    Map<String, UpsertModel.Row> read = new TreeMap<>();
    try (CloseableIterable<Record> records =
        IcebergGenerics.read(current).useSnapshot(snapshot.snapshotId()).build()) {
      for (Record record : records) {
        UpsertModel.Row row = new UpsertModel.Row(
            text(record.getField(KafkaColumns.KEY)),
            text(record.getField(KafkaColumns.VALUE)),
            (Integer) record.getField(KafkaColumns.PARTITION),
            (Long) record.getField(KafkaColumns.OFFSET));
        UpsertModel.Row twice = read.put(row.key(), row);
        if (twice != null) {
          problems.add(row.key() + " twice: " + where(twice) + " and " + where(row));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    problems.addAll(differences(expected, read));
    assertThat(problems)
        .as(
            "snapshot %d (sequence %d, parent %s, round %s, offsets %s, %s)",
            snapshot.snapshotId(),
            snapshot.sequenceNumber(),
            snapshot.parentId(),
            snapshot.summary().get(MinkSnapshot.ROUND_PROPERTY),
            offsets,
            snapshot.operation())
        .isEmpty();
    rows += read.size();
    rewrittenFiles +=
        Long.parseLong(snapshot.summary().getOrDefault(SnapshotSummary.DELETED_FILES_PROP, "0"));
    nullKeys += Long.parseLong(snapshot
        .summary()
        .getOrDefault(MinkSnapshot.RAW_PROPERTY_PREFIX + UpsertRound.NULL_KEY_REASON, "0"));
  }

  /** The snapshot's delete files that an upsert table of the format must not have. */
  private List<String> deleteProblems(Table current, Snapshot snapshot) {
    List<String> problems = new ArrayList<>();
    FileFormat format = formatVersion >= 3 ? FileFormat.PUFFIN : FileFormat.PARQUET;
    try (CloseableIterable<FileScanTask> tasks =
        current.newScan().useSnapshot(snapshot.snapshotId()).planFiles()) {
      for (FileScanTask task : tasks) {
        for (DeleteFile delete : task.deletes()) {
          deleteFiles++;
          if (delete.content() != FileContent.POSITION_DELETES || delete.format() != format) {
            problems.add(delete.content() + " file " + delete.location() + " (" + delete.format()
                + ") on " + task.file().location());
          }
        }
        if (formatVersion >= 3 && task.deletes().size() > 1) {
          problems.add(
              task.file().location() + " has " + task.deletes().size() + " deletion vectors");
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return problems;
  }

  /** Each key whose row is not the model's: missing, extra, or another record's. */
  private static List<String> differences(
      Map<String, UpsertModel.Row> expected, Map<String, UpsertModel.Row> read) {
    Set<String> keys = new TreeSet<>(expected.keySet());
    keys.addAll(read.keySet());
    List<String> differences = new ArrayList<>();
    for (String key : keys) {
      UpsertModel.Row want = expected.get(key);
      UpsertModel.Row got = read.get(key);
      if (want == null) {
        differences.add(key + ": deleted or never written, but read " + where(got));
      } else if (got == null) {
        differences.add(key + ": missing, the model has " + where(want));
      } else if (!want.equals(got)) {
        differences.add(key + ": read " + where(got) + ", the model has " + where(want));
      }
    }
    return differences;
  }

  private static String where(UpsertModel.Row row) {
    return row.value() + " of " + row.partition() + "@" + row.offset();
  }

  private static String text(Object bytes) {
    if (bytes == null) {
      return null;
    }
    ByteBuffer buffer = ((ByteBuffer) bytes).duplicate();
    byte[] copy = new byte[buffer.remaining()];
    buffer.get(copy);
    return UpsertModel.text(copy);
  }

  synchronized int snapshots() {
    return checked.size();
  }

  /** The live rows of all checked snapshots together. */
  synchronized long rows() {
    return rows;
  }

  /** The delete files applied over all checked snapshots, counted once per data file they apply to. */
  synchronized long deleteFiles() {
    return deleteFiles;
  }

  /**
   * The data files the checked snapshots removed: an upsert round rewrites a file once its deleted rows reach the
   * table's fraction, and then writes no delete file for it.
   */
  synchronized long rewrittenFiles() {
    return rewrittenFiles;
  }

  /** The records without a key that the checked snapshots count, each snapshot its own round's. */
  synchronized long nullKeys() {
    return nullKeys;
  }
}
