package io.mink.lake.write.deletes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.data.DeleteLoader;
import org.apache.iceberg.deletes.PositionDeleteIndex;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.io.CloseableIterable;

/** The delete files that apply to some data files in one snapshot, by data file location. */
public final class CurrentDeletes {
  public static final CurrentDeletes NONE = new CurrentDeletes(Map.of());

  private final Map<String, List<DeleteFile>> byDataFile;

  private CurrentDeletes(Map<String, List<DeleteFile>> byDataFile) {
    this.byDataFile = byDataFile;
  }

  /**
   * The deletes of the data files at {@code locations} in the snapshot, found by planning the rows that
   * {@code filter} selects (it must select those files).
   */
  public static CurrentDeletes of(
      Table table, long snapshotId, Expression filter, Set<String> locations) {
    Map<String, List<DeleteFile>> found = new HashMap<>();
    TableScan scan = table.newScan().useSnapshot(snapshotId).filter(filter).ignoreResiduals();
    try (CloseableIterable<FileScanTask> tasks = scan.planFiles()) {
      for (FileScanTask task : tasks) {
        if (locations.contains(task.file().location()) && !task.deletes().isEmpty()) {
          found.put(task.file().location(), List.copyOf(task.deletes()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan the deletes of table " + table.name(), e);
    }
    return new CurrentDeletes(found);
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
