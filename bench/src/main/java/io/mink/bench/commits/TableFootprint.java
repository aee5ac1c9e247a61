package io.mink.bench.commits;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;

/**
 * What a table's metadata weighs now: the current metadata JSON, its snapshots, the current
 * snapshot's manifests, and the files of its metadata folder.
 *
 * @param metadataJsonBytes the size of the current *.metadata.json
 * @param metadataJsonFiles the *.metadata.json files in the metadata folder
 * @param metadataFolderFiles every file of the metadata folder: metadata JSON, manifest lists, manifests
 */
record TableFootprint(
    long metadataJsonBytes,
    int snapshots,
    int manifests,
    int metadataJsonFiles,
    int metadataFolderFiles,
    long dataFiles) {
  static TableFootprint of(Table table) {
    table.refresh();
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    long metadataBytes =
        table.io().newInputFile(metadata.metadataFileLocation()).getLength();
    List<Path> folder = files(Path.of(URI.create(table.location() + "/metadata")));
    return new TableFootprint(
        metadataBytes,
        metadata.snapshots().size(),
        table.currentSnapshot().allManifests(table.io()).size(),
        (int) folder.stream()
            .filter(file -> file.getFileName().toString().endsWith(".metadata.json"))
            .count(),
        folder.size(),
        Long.parseLong(table.currentSnapshot().summary().getOrDefault("total-data-files", "0")));
  }

  private static List<Path> files(Path folder) {
    try (Stream<Path> files = Files.list(folder)) {
      return files
          .filter(file -> !file.getFileName().toString().startsWith("."))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
