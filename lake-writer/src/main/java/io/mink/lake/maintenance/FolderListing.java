package io.mink.lake.maintenance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.FileInfo;
import org.apache.iceberg.io.SupportsPrefixOperations;

/**
 * The files under a folder with their sizes and times. A local folder ({@code file:} or a plain
 * path, as the embedded catalog's) is walked through the file system: Hadoop's listing of a local
 * folder starts a process per file to read its permissions. Any other through the FileIO's prefix
 * listing (S3FileIO, HadoopFileIO on HDFS and object stores).
 */
final class FolderListing {
  private FolderListing() {}

  /** The files under the folder, none when it does not exist; empty when the FileIO cannot list. */
  static Optional<List<FileInfo>> of(FileIO io, String folder) {
    Optional<Path> local = localPath(folder);
    if (local.isPresent()) {
      return Optional.of(walk(local.get()));
    }
    if (io instanceof SupportsPrefixOperations prefixes) {
      List<FileInfo> files = new ArrayList<>();
      prefixes.listPrefix(folder + "/").forEach(files::add);
      return Optional.of(files);
    }
    return Optional.empty();
  }

  private static Optional<Path> localPath(String folder) {
    if (folder.startsWith("file:")) {
      return Optional.of(Path.of(URI.create(folder)));
    }
    return folder.startsWith("/") ? Optional.of(Path.of(folder)) : Optional.empty();
  }

  private static List<FileInfo> walk(Path folder) {
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    try (Stream<Path> paths = Files.walk(folder)) {
      List<FileInfo> files = new ArrayList<>();
      for (Path path : (Iterable<Path>) paths::iterator) {
        BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
        if (attributes.isRegularFile()) {
          files.add(new FileInfo(
              path.toUri().toString(),
              attributes.size(),
              attributes.lastModifiedTime().toMillis()));
        }
      }
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the files under " + folder, e);
    }
  }
}
