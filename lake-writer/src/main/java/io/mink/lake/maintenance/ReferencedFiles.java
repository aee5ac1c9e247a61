package io.mink.lake.maintenance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.ManifestContent;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestReader;
import org.apache.iceberg.PartitionStatisticsFile;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.StatisticsFile;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileIO;

/**
 * Every file a table's metadata references: the current and earlier metadata files it lists,
 * statistics files, and per snapshot its manifest list, manifests and their live data and delete
 * files. Each manifest is read once however many snapshots share it.
 */
final class ReferencedFiles {
  private ReferencedFiles() {}

  static Set<String> of(TableMetadata metadata, FileIO io) {
    Set<String> files = new HashSet<>();
    if (metadata.metadataFileLocation() != null) {
      files.add(metadata.metadataFileLocation());
    }
    metadata.previousFiles().forEach(entry -> files.add(entry.file()));
    metadata.statisticsFiles().stream().map(StatisticsFile::path).forEach(files::add);
    metadata.partitionStatisticsFiles().stream()
        .map(PartitionStatisticsFile::path)
        .forEach(files::add);
    Set<String> manifests = new HashSet<>();
    for (Snapshot snapshot : metadata.snapshots()) {
      if (snapshot.manifestListLocation() != null) {
        files.add(snapshot.manifestListLocation());
      }
      for (ManifestFile manifest : snapshot.allManifests(io)) {
        if (manifests.add(manifest.path())) {
          files.addAll(contents(manifest, metadata, io));
        }
      }
    }
    files.addAll(manifests);
    return files;
  }

  /** The live data or delete files of one manifest. */
  private static List<String> contents(ManifestFile manifest, TableMetadata metadata, FileIO io) {
    List<String> files = new ArrayList<>();
    try {
      if (manifest.content() == ManifestContent.DATA) {
        try (CloseableIterable<String> paths =
            ManifestFiles.readPaths(manifest, io, metadata.specsById())) {
          paths.forEach(files::add);
        }
      } else {
        try (ManifestReader<DeleteFile> deletes =
            ManifestFiles.readDeleteManifest(manifest, io, metadata.specsById())) {
          deletes.forEach(file -> files.add(file.location()));
        }
      }
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read manifest " + manifest.path(), e);
    }
  }
}
