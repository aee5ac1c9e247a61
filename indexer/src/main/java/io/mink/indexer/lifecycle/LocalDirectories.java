package io.mink.indexer.lifecycle;

import java.io.IOException;
import java.net.URI;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes the directories a dropped table leaves on a local warehouse: Iceberg deletes the files, and object stores
 * have no directories, but a local file system keeps them.
 */
final class LocalDirectories {
  private static final Logger LOG = LoggerFactory.getLogger(LocalDirectories.class);

  private LocalDirectories() {}

  /** Deletes {@code location} and the directories below it that hold no file; other locations are left alone. */
  static void deleteEmpty(String location) {
    Path root = localPath(location);
    if (root == null || !Files.isDirectory(root)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      List<Path> directories =
          walk.filter(Files::isDirectory).sorted(Comparator.reverseOrder()).toList();
      for (Path directory : directories) {
        try {
          Files.delete(directory);
        } catch (DirectoryNotEmptyException e) {
          LOG.debug("Keeping {}: it still holds files", directory);
        }
      }
    } catch (IOException e) {
      LOG.debug("Cannot delete the empty directories under {}: {}", root, e.getMessage());
    }
  }

  private static Path localPath(String location) {
    if (location.startsWith("/")) {
      return Path.of(location);
    }
    if (!location.startsWith("file:")) {
      return null;
    }
    try {
      return Path.of(URI.create(location));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
