package io.mink.indexer.foreign;

import io.mink.indexer.foreign.TableHistory.RowId;
import io.mink.schema.KafkaColumns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestReader;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotChanges;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.parquet.Parquet;

/**
 * What a failure report needs to tell how a snapshot came to differ from the model: the snapshots of its lineage with
 * their summaries, and for rows missing, extra or twice, the data files and positions that hold them and the delete
 * files that apply there.
 */
final class FailureDetails {
  private static final int LINEAGE = 6;
  private static final int ROWS = 6;
  private static final Set<String> SUMMARY_KEYS = Set.of(
      "added-data-files",
      "deleted-data-files",
      "added-delete-files",
      "removed-delete-files",
      "added-position-deletes",
      "removed-position-deletes",
      "added-dvs",
      "removed-dvs",
      "total-records",
      "total-position-deletes",
      "mink-offsets",
      "mink-round",
      "mink-compacted-files",
      "mink-deleted-rows");

  private FailureDetails() {}

  /** The snapshot and its ancestors, newest first: id, operation, parent and the telling parts of the summary. */
  static List<String> lineage(Table table, Snapshot snapshot) {
    List<String> lines = new ArrayList<>();
    for (Snapshot at = snapshot; at != null && lines.size() < LINEAGE; ) {
      Map<String, String> summary = new TreeMap<>(at.summary());
      summary.keySet().retainAll(SUMMARY_KEYS);
      lines.add("lineage: " + at.snapshotId() + " " + at.operation() + " (parent " + at.parentId()
          + ", sequence " + at.sequenceNumber() + ") " + summary);
      at = at.parentId() == null ? null : table.snapshot(at.parentId());
    }
    return lines;
  }

  /**
   * The data files the snapshot removed, and the delete files it still has that reference one of them: deletes another
   * writer added for a file this commit replaced, which no longer apply to anything.
   */
  static List<String> removedFiles(Table table, Snapshot snapshot) {
    List<String> lines = new ArrayList<>();
    SnapshotChanges changes =
        SnapshotChanges.builderFor(table).snapshot(snapshot).build();
    Set<String> removed = new HashSet<>();
    changes.removedDataFiles().forEach(file -> removed.add(file.location()));
    Set<String> removedDeletes = new TreeSet<>();
    changes
        .removedDeleteFiles()
        .forEach(file -> removedDeletes.add(name(file.location()) + " (sequence "
            + file.dataSequenceNumber()
            + (file.referencedDataFile() == null ? "" : ", of " + name(file.referencedDataFile()))
            + ")"));
    if (!removedDeletes.isEmpty()) {
      lines.add("snapshot " + snapshot.snapshotId() + " removed delete files " + removedDeletes);
    }
    if (removed.isEmpty()) {
      return lines;
    }
    lines.add("snapshot " + snapshot.snapshotId() + " removed data files "
        + removed.stream().map(FailureDetails::name).sorted().toList());
    Set<String> dangling = new TreeSet<>();
    for (ManifestFile manifest : snapshot.deleteManifests(table.io())) {
      try (ManifestReader<DeleteFile> reader =
          ManifestFiles.readDeleteManifest(manifest, table.io(), table.specs())) {
        for (DeleteFile delete : reader) {
          if (delete.referencedDataFile() != null
              && removed.contains(delete.referencedDataFile())) {
            dangling.add(name(delete.location()) + " (sequence " + delete.dataSequenceNumber()
                + ") references " + name(delete.referencedDataFile()));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    if (!dangling.isEmpty()) {
      lines.add("its delete files that reference a data file it removed: " + dangling);
    }
    return lines;
  }

  /** Where the snapshot's data files hold {@code rows}, whatever deletes apply, and which deletes do apply. */
  static List<String> whereRowsAre(Table table, Snapshot snapshot, Collection<RowId> rows) {
    Set<RowId> wanted = new HashSet<>(rows.stream().limit(ROWS).toList());
    List<String> lines = new ArrayList<>();
    Schema schema = new Schema(
        table.schema().findField(KafkaColumns.PARTITION),
        table.schema().findField(KafkaColumns.OFFSET),
        MetadataColumns.ROW_POSITION);
    try (CloseableIterable<FileScanTask> tasks =
        table.newScan().useSnapshot(snapshot.snapshotId()).planFiles()) {
      for (FileScanTask task : tasks) {
        for (Record record : read(table, task.file().location(), schema)) {
          RowId id = new RowId((Integer) record.get(0), (Long) record.get(1));
          if (wanted.contains(id)) {
            long position = (Long) record.get(2);
            lines.add("row " + id + " is at position " + position + " of data file "
                + name(task.file().location())
                + " (sequence " + task.file().dataSequenceNumber() + "); deletes that apply: "
                + deletes(table, task, position));
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (lines.isEmpty() && !wanted.isEmpty()) {
      lines.add("rows " + wanted + " are in none of the snapshot's data files");
    }
    return lines;
  }

  private static String deletes(Table table, FileScanTask task, long position) {
    List<String> deletes = new ArrayList<>();
    for (DeleteFile delete : task.deletes()) {
      String covers = "";
      if (delete.format() == FileFormat.PARQUET) {
        covers = deletesPosition(table, delete, task.file().location(), position)
            ? ", deletes it"
            : ", not it";
      }
      deletes.add(name(delete.location()) + " (" + delete.format() + ", sequence "
          + delete.dataSequenceNumber()
          + ", " + delete.recordCount() + " rows"
          + (delete.referencedDataFile() == null ? ", partition-scoped" : "") + covers + ")");
    }
    return deletes.isEmpty() ? "none" : String.join(", ", deletes);
  }

  private static boolean deletesPosition(
      Table table, DeleteFile delete, String dataFile, long position) {
    Schema schema = new Schema(MetadataColumns.DELETE_FILE_PATH, MetadataColumns.DELETE_FILE_POS);
    for (Record record : read(table, delete.location(), schema)) {
      if (dataFile.equals(record.get(0)) && position == (Long) record.get(1)) {
        return true;
      }
    }
    return false;
  }

  private static List<Record> read(Table table, String location, Schema schema) {
    List<Record> records = new ArrayList<>();
    try (CloseableIterable<Record> reader = Parquet.read(table.io().newInputFile(location))
        .project(schema)
        .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(schema, fileSchema))
        .build()) {
      reader.forEach(record -> records.add(record.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return records;
  }

  private static String name(String location) {
    return location.substring(location.lastIndexOf('/') + 1);
  }
}
