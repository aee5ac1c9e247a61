package io.mink.lake.write.deletes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.data.DeleteLoader;
import org.apache.iceberg.deletes.PositionDeleteIndex;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.io.CloseableIterable;

/** The data files of some rows of one snapshot, and the delete files that apply to each. */
public final class CurrentDeletes {
  public static final CurrentDeletes NONE = new CurrentDeletes(List.of(), Map.of());

  private final List<DataFile> files;
  private final Map<String, List<DeleteFile>> byDataFile;

  private CurrentDeletes(List<DataFile> files, Map<String, List<DeleteFile>> byDataFile) {
    this.files = files;
    this.byDataFile = byDataFile;
  }

  /** The data files that hold rows {@code filter} selects in the snapshot, and the deletes of each. */
  public static CurrentDeletes of(Table table, long snapshotId, Expression filter) {
    List<DataFile> files = new ArrayList<>();
    Map<String, List<DeleteFile>> found = new HashMap<>();
    TableScan scan = table
        .newScan()
        .useSnapshot(snapshotId)
        .filter(filter)
        .ignoreResiduals()
        .includeColumnStats();
    try (CloseableIterable<FileScanTask> tasks = scan.planFiles()) {
      for (FileScanTask task : tasks) {
        files.add(task.file().copy());
        if (!task.deletes().isEmpty()) {
          found.put(task.file().location(), List.copyOf(task.deletes()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan the deletes of table " + table.name(), e);
    }
    return new CurrentDeletes(List.copyOf(files), found);
  }

  /**
   * Whether a delete file applies to one data file only (a deletion vector, or a position delete file of one data
   * file's rows): safe to remove with that file, or once merged into its new deletion vector. A position delete file
   * of a whole partition, as Spark and Trino write with merge-on-read, also deletes rows of other files and stays.
   */
  public static boolean scopedToOneFile(DeleteFile file) {
    return file.format() == FileFormat.PUFFIN || file.referencedDataFile() != null;
  }

  /** Every data file the plan found. */
  public List<DataFile> files() {
    return files;
  }

  /** The delete files that apply to the data file; empty when it has none. */
  public List<DeleteFile> of(String dataFileLocation) {
    return byDataFile.getOrDefault(dataFileLocation, List.of());
  }

  /**
   * The rows of the data file its position deletes delete now; {@code loader} reads them.
   */
  public PositionDeleteIndex positions(String dataFileLocation, DeleteLoader loader) {
    List<DeleteFile> positional = of(dataFileLocation).stream()
        .filter(file -> file.content() == FileContent.POSITION_DELETES)
        .toList();
    return positional.isEmpty()
        ? PositionDeleteIndex.empty()
        : loader.loadPositionDeletes(positional, dataFileLocation);
  }
}
