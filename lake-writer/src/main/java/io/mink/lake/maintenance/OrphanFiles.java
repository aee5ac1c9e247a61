package io.mink.lake.maintenance;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.io.FileInfo;

/**
 * Which listed files are orphans: old enough and referenced by nothing in the table's metadata;
 * pure. Locations are compared without scheme and authority ({@code file:/w/a}, {@code file:///w/a}
 * and {@code /w/a} are one file), and hidden files (a name starting with '.' or '_', such as
 * Hadoop's checksums) are never orphans.
 */
final class OrphanFiles {
  private OrphanFiles() {}

  /**
   * The orphans among {@code listed}.
   *
   * @param referenced the locations the table's metadata references, as {@link #key} spells them
   * @param olderThanMillis files created at or after this time are never orphans: a round or
   *     another writer may be about to commit them
   * @throws IllegalStateException when old files are listed but not one listed file is referenced
   *     while the metadata references some: the listing then most likely spells locations
   *     differently, and deleting would remove the table's data
   */
  static List<String> select(
      Iterable<FileInfo> listed, Set<String> referenced, long olderThanMillis, String where) {
    List<String> orphans = new ArrayList<>();
    int listedCount = 0;
    int referencedSeen = 0;
    for (FileInfo file : listed) {
      listedCount++;
      String key = key(file.location());
      if (referenced.contains(key)) {
        referencedSeen++;
      } else if (file.createdAtMillis() < olderThanMillis && !hidden(key)) {
        orphans.add(file.location());
      }
    }
    if (!orphans.isEmpty() && referencedSeen == 0 && !referenced.isEmpty()) {
      throw new IllegalStateException("None of the " + listedCount + " files under " + where
          + " is referenced by the table's metadata, which references " + referenced.size()
          + " files: the listing may spell locations differently, so no file is deleted");
    }
    return orphans;
  }

  /** The references of {@code locations}, as {@link #select} compares them. */
  static Set<String> keys(Iterable<String> locations) {
    Set<String> keys = new HashSet<>();
    locations.forEach(location -> keys.add(key(location)));
    return keys;
  }

  /** The location without scheme and authority: {@code s3://bucket/w/a} and {@code file:/w/a} as {@code /w/a}. */
  static String key(String location) {
    String path = location;
    int scheme = path.indexOf("://");
    if (scheme >= 0) {
      int slash = path.indexOf('/', scheme + 3);
      path = slash < 0 ? "/" : path.substring(slash);
    } else if (path.startsWith("file:")) {
      path = path.substring("file:".length());
    }
    int start = 0;
    while (start + 1 < path.length()
        && path.charAt(start) == '/'
        && path.charAt(start + 1) == '/') {
      start++;
    }
    return path.substring(start);
  }

  private static boolean hidden(String key) {
    String name = key.substring(key.lastIndexOf('/') + 1);
    return name.startsWith(".") || name.startsWith("_");
  }
}
