package io.mink.lake.maintenance;

import io.mink.lake.io.LocalFileIO;
import io.mink.lake.io.LocalLocations;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.FileInfo;
import org.apache.iceberg.io.SupportsPrefixOperations;

/**
 * The files under a folder with their sizes and times. A local folder ({@code file:} or a plain
 * path, as the embedded catalog's) is walked through the file system ({@link LocalFileIO}): Hadoop's
 * listing of a local folder starts a process per file to read its permissions. Any other through the
 * FileIO's prefix listing (S3FileIO, HadoopFileIO on HDFS and object stores).
 */
final class FolderListing {
  private FolderListing() {}

  /** The files under the folder, none when it does not exist; empty when the FileIO cannot list. */
  static Optional<List<FileInfo>> of(FileIO io, String folder) {
    Optional<Path> local = LocalLocations.path(folder);
    if (local.isPresent()) {
      return Optional.of(LocalFileIO.filesUnder(local.get()));
    }
    if (io instanceof SupportsPrefixOperations prefixes) {
      List<FileInfo> files = new ArrayList<>();
      prefixes.listPrefix(folder + "/").forEach(files::add);
      return Optional.of(files);
    }
    return Optional.empty();
  }
}
