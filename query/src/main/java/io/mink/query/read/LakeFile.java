package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import org.apache.iceberg.FileScanTask;

/**
 * A data file of the pinned snapshot planned for one Kafka partition.
 *
 * @param shared whether the file may hold rows of other partitions too, so its rows are filtered on
 *     {@code _kafka_partition}
 */
public record LakeFile(FileScanTask task, boolean shared) {
  public LakeFile {
    requireNonNull(task, "task is null");
  }

  public long records() {
    return task.file().recordCount();
  }
}
