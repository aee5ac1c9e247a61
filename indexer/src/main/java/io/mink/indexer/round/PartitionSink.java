package io.mink.indexer.round;

import io.mink.lake.write.PartitionFileWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.io.FileIO;

/**
 * The rows of one partition in one round, written on the partition's writer lane. When the round's
 * schema grows, the open file is closed and the next rows go to a file of the new schema. A failure
 * is kept, not thrown, so the lane keeps serving other partitions; the round checks it at the end.
 */
final class PartitionSink {
  private final int partition;
  private final Function<RowSegment, PartitionFileWriter> opener;
  private final FileIO io;
  private final List<DataFile> files = new ArrayList<>();
  private PartitionFileWriter writer;
  private volatile RuntimeException failure;
  private long rows;

  PartitionSink(int partition, Function<RowSegment, PartitionFileWriter> opener, FileIO io) {
    this.partition = partition;
    this.opener = opener;
    this.io = io;
  }

  int partition() {
    return partition;
  }

  /**
   * Runs on the lane: writes the segment's rows, rolling to a new file when its schema is new, and closes
   * the segment.
   */
  void write(RowSegment segment) {
    try (segment) {
      if (failure == null) {
        writeRows(segment);
      }
    }
  }

  private void writeRows(RowSegment segment) {
    try {
      if (writer != null && writer.schema() != segment.schema()) {
        files.addAll(writer.complete());
        writer = null;
      }
      if (writer == null) {
        writer = opener.apply(segment);
      }
      writer.write(segment.batch());
      rows += segment.rows();
    } catch (RuntimeException e) {
      failure = e;
    }
  }

  /** Runs on the lane: closes the open file. */
  void complete() {
    if (failure != null || writer == null) {
      return;
    }
    try {
      files.addAll(writer.complete());
      writer = null;
    } catch (RuntimeException e) {
      failure = e;
    }
  }

  /** Runs on the lane: deletes what was written. */
  void abort() {
    if (writer != null) {
      writer.abort();
      writer = null;
    }
    deleteQuietly(io, files);
    files.clear();
  }

  /** Deletes files that will not be committed; one that cannot be deleted is unreferenced either way. */
  static void deleteQuietly(FileIO io, List<DataFile> written) {
    for (DataFile file : written) {
      try {
        io.deleteFile(file.location());
      } catch (RuntimeException e) {
        // an unreferenced file either way
      }
    }
  }

  RuntimeException failure() {
    return failure;
  }

  List<DataFile> files() {
    return files;
  }

  long rows() {
    return rows;
  }
}
