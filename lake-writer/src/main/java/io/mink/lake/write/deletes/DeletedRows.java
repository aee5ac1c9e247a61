package io.mink.lake.write.deletes;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.iceberg.DataFile;

/** The rows one commit deletes: positions in data files, collected in any order. */
public final class DeletedRows {
  private final Map<String, FileRows> files = new LinkedHashMap<>();

  /** Deletes the row at {@code position} of {@code file}. */
  public void delete(DataFile file, long position) {
    requireNonNull(file, "file is null");
    if (position < 0 || position >= file.recordCount()) {
      throw new IllegalArgumentException("Position " + position + " is outside data file "
          + file.location() + " of " + file.recordCount() + " rows");
    }
    files.computeIfAbsent(file.location(), path -> new FileRows(file)).add(position);
  }

  /** Forgets the deletes of a data file, such as one rewritten without those rows. */
  public void forget(String dataFileLocation) {
    files.remove(dataFileLocation);
  }

  public boolean isEmpty() {
    return files.isEmpty();
  }

  /** How many rows are deleted, each counted once. */
  public long count() {
    return files.values().stream().mapToLong(rows -> rows.positions().length).sum();
  }

  /** The deleted rows of each data file, in the order the files were first named. */
  public Collection<FileRows> files() {
    return files.values();
  }

  /** The deleted positions of one data file. */
  public static final class FileRows {
    private final DataFile file;
    private long[] positions = new long[4];
    private int size;
    private boolean sorted = true;

    FileRows(DataFile file) {
      this.file = file;
    }

    void add(long position) {
      if (size == positions.length) {
        positions = Arrays.copyOf(positions, size * 2);
      }
      if (size > 0 && positions[size - 1] >= position) {
        sorted = false;
      }
      positions[size++] = position;
    }

    public DataFile file() {
      return file;
    }

    /** The positions, ascending and each once. */
    public long[] positions() {
      if (!sorted) {
        Arrays.sort(positions, 0, size);
        int distinct = 0;
        for (int i = 0; i < size; i++) {
          if (distinct == 0 || positions[distinct - 1] != positions[i]) {
            positions[distinct++] = positions[i];
          }
        }
        size = distinct;
        sorted = true;
      }
      return Arrays.copyOf(positions, size);
    }
  }
}
