package io.mink.lake.maintenance;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.io.FileInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes the orphan files of a table: files under its data and metadata folders that nothing in
 * its metadata references and that are older than the orphan age, such as the data files of a round
 * that crashed before its commit. A younger file is never touched: a round may still commit it.
 * The folders are listed before the metadata is read, so a file committed in between counts as
 * referenced. From the metadata folder only manifests and manifest lists (*.avro) are removed:
 * metadata JSON files are kept to write.metadata.previous-versions-max by Iceberg itself, and older
 * ones may be kept on purpose. A data or metadata folder set outside the table's location
 * (write.data.path, write.metadata.path) is not listed: other tables may share it.
 */
final class OrphanFileRemoval {
  private static final Logger LOG = LoggerFactory.getLogger(OrphanFileRemoval.class);

  private OrphanFileRemoval() {}

  static MaintenanceReport remove(Table table, Duration orphanAge, Instant now) {
    String metadataFolder = folder(table, TableProperties.WRITE_METADATA_LOCATION, "metadata");
    String dataFolder = folder(table, TableProperties.WRITE_DATA_LOCATION, "data");
    Optional<List<FileInfo>> metadataFiles = list(table, metadataFolder);
    Optional<List<FileInfo>> dataFiles = list(table, dataFolder);
    if (metadataFiles.isEmpty() || dataFiles.isEmpty()) {
      LOG.info(
          "Orphan files of {} are not looked for: its FileIO {} cannot list files",
          table.name(),
          table.io().getClass().getName());
      return MaintenanceReport.NOTHING;
    }
    table.refresh();
    Set<String> referenced = OrphanFiles.keys(
        ReferencedFiles.of(((HasTableOperations) table).operations().current(), table.io()));
    long olderThan = now.minus(orphanAge).toEpochMilli();
    List<FileInfo> manifests = metadataFiles.get().stream()
        .filter(file -> file.location().endsWith(".avro"))
        .toList();
    List<String> orphans =
        new ArrayList<>(OrphanFiles.select(manifests, referenced, olderThan, metadataFolder));
    orphans.addAll(OrphanFiles.select(dataFiles.get(), referenced, olderThan, dataFolder));
    orphans.forEach(table.io()::deleteFile);
    if (!orphans.isEmpty()) {
      LOG.info(
          "Deleted {} orphan files of {} older than {} that no snapshot references, such as {}",
          orphans.size(),
          table.name(),
          orphanAge,
          orphans.get(0));
    }
    return new MaintenanceReport(0, 0, orphans.size(), 0);
  }

  private static String folder(Table table, String property, String defaultName) {
    String configured = table.properties().get(property);
    return configured != null
        ? withoutTrailingSlash(configured)
        : withoutTrailingSlash(table.location()) + "/" + defaultName;
  }

  /**
   * The files under a folder of the table; none when it lies outside the table's location
   * (write.data.path, write.metadata.path), where other tables may keep files.
   */
  private static Optional<List<FileInfo>> list(Table table, String folder) {
    if (!folder.startsWith(withoutTrailingSlash(table.location()) + "/")) {
      return Optional.of(List.of());
    }
    return FolderListing.of(table.io(), folder);
  }

  private static String withoutTrailingSlash(String location) {
    return location.endsWith("/") ? location.substring(0, location.length() - 1) : location;
  }
}
