package io.mink.spark;

import static java.util.Objects.requireNonNull;

import io.mink.query.read.LakeFile;
import java.io.Serializable;
import org.apache.iceberg.FileScanTask;

/** A lake file of an input partition, as it travels to an executor ({@link LakeFile}). */
record ScanFile(FileScanTask task, boolean shared) implements Serializable {
  private static final long serialVersionUID = 1L;

  ScanFile {
    requireNonNull(task, "task is null");
  }

  static ScanFile of(LakeFile file) {
    return new ScanFile(file.task(), file.shared());
  }

  LakeFile lakeFile() {
    return new LakeFile(task, shared);
  }
}
