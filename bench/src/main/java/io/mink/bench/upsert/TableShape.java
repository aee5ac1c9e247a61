package io.mink.bench.upsert;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;

/**
 * What a reader of a table's current snapshot must open: its data files and their rows and bytes, the delete files
 * that apply to them, and the rows those delete. With deletion vectors (one per data file) or position deletes
 * that never repeat a row, as Mink writes them, the live rows are the data rows less the deleted ones.
 *
 * @param dataFiles the data files
 * @param dataRows their rows
 * @param dataBytes their bytes
 * @param deleteFiles the delete files that apply to them (deletion vectors count one each)
 * @param deleteObjects the files that hold those (one Puffin file holds the deletion vectors of a round)
 * @param deletedRows the rows those delete
 * @param manifests the manifests of the snapshot, data and delete, that a reader's planning opens
 */
record TableShape(
    long dataFiles,
    long dataRows,
    long dataBytes,
    long deleteFiles,
    long deleteObjects,
    long deletedRows,
    long manifests) {
  static TableShape of(Table table) {
    if (table.currentSnapshot() == null) {
      return new TableShape(0, 0, 0, 0, 0, 0, 0);
    }
    long files = 0;
    long rows = 0;
    long bytes = 0;
    Set<String> seen = new HashSet<>();
    Map<String, Long> deletes = new HashMap<>();
    Set<String> deleteObjects = new HashSet<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      for (FileScanTask task : tasks) {
        if (seen.add(task.file().location())) {
          files++;
          rows += task.file().recordCount();
          bytes += task.file().fileSizeInBytes();
        }
        for (DeleteFile delete : task.deletes()) {
          deletes.put(deleteId(delete), delete.recordCount());
          deleteObjects.add(delete.location());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan table " + table.name(), e);
    }
    long deleted = deletes.values().stream().mapToLong(Long::longValue).sum();
    return new TableShape(
        files,
        rows,
        bytes,
        deletes.size(),
        deleteObjects.size(),
        deleted,
        table.currentSnapshot().allManifests(table.io()).size());
  }

  long liveRows() {
    return dataRows - deletedRows;
  }

  /** A deletion vector is one blob of a Puffin file that holds many: its offset tells it apart. */
  private static String deleteId(DeleteFile delete) {
    return delete.location() + "@" + delete.contentOffset();
  }
}
