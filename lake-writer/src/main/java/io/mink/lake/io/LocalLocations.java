package io.mink.lake.io;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Locations of local files as Iceberg tables hold them, and their paths. A location is a plain absolute path
 * ({@code /wh/t/data/a.parquet}) or a {@code file:} URI with no authority ({@code file:/wh/...} or {@code
 * file:///wh/...}). The rest is taken literally, as Hadoop's local file system takes it: a partition value
 * Iceberg escaped as {@code %3A} names a directory called {@code %3A}, so files written by either are found by
 * both.
 */
public final class LocalLocations {
  private static final String SCHEME = "file:";

  private LocalLocations() {}

  /** The local path of a location, or empty when the location names another file system. */
  public static Optional<Path> path(String location) {
    String path;
    if (location.startsWith(SCHEME)) {
      path = location.substring(SCHEME.length());
      if (path.startsWith("//")) {
        path = path.substring(2);
        if (!path.startsWith("/")) {
          return Optional.empty();
        }
      }
    } else {
      path = location;
    }
    return path.startsWith("/") ? Optional.of(Path.of(path)) : Optional.empty();
  }

  /** The local path of a location, or an error that says which FileIO reads it. */
  static Path require(String location) {
    return path(location)
        .orElseThrow(() -> new IllegalArgumentException("Location " + location
            + " is not a local file: Mink's LocalFileIO reads and writes local files only; set io-impl in"
            + " [lake.properties] to org.apache.iceberg.hadoop.HadoopFileIO or"
            + " org.apache.iceberg.aws.s3.S3FileIO for this warehouse"));
  }

  /** The location of a local path, as Hadoop writes it: {@code file:/wh/...}. */
  static String of(Path path) {
    return SCHEME + path.toAbsolutePath();
  }

  /** Whether a warehouse location is local: a plain absolute path or a {@code file:} URI. */
  public static boolean isLocal(String warehouse) {
    return path(warehouse).isPresent();
  }
}
