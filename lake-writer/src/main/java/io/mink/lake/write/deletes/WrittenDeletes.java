package io.mink.lake.write.deletes;

import java.util.List;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.RowDelta;

/**
 * The delete files a commit adds, the ones they replace (a deletion vector merges a data file's earlier one,
 * which must go in the same commit), and the data files they reference.
 *
 * @param rows how many rows the added files delete that were live before
 */
public record WrittenDeletes(
    List<DeleteFile> added,
    List<DeleteFile> replaced,
    List<String> referencedDataFiles,
    long rows) {
  public static final WrittenDeletes NONE = new WrittenDeletes(List.of(), List.of(), List.of(), 0);

  public WrittenDeletes {
    added = List.copyOf(added);
    replaced = List.copyOf(replaced);
    referencedDataFiles = List.copyOf(referencedDataFiles);
  }

  /** These deletes, also removing {@code more} delete files: those of data files the commit removes. */
  public WrittenDeletes alsoRemoving(List<DeleteFile> more) {
    if (more.isEmpty()) {
      return this;
    }
    List<DeleteFile> all = new java.util.ArrayList<>(replaced);
    all.addAll(more);
    return new WrittenDeletes(added, all, referencedDataFiles, rows);
  }

  public boolean isEmpty() {
    return added.isEmpty() && replaced.isEmpty();
  }

  /**
   * Adds the files to a row delta and asks it to check, at commit, that no data file they reference was removed
   * and no delete was added to them since {@code baseSnapshotId}.
   */
  public void addTo(RowDelta delta, Long baseSnapshotId) {
    added.forEach(delta::addDeletes);
    replaced.forEach(delta::removeDeletes);
    if (baseSnapshotId != null) {
      delta.validateFromSnapshot(baseSnapshotId);
    }
    delta.validateDataFilesExist(referencedDataFiles);
    delta.validateDeletedFiles();
    delta.validateNoConflictingDeleteFiles();
  }
}
