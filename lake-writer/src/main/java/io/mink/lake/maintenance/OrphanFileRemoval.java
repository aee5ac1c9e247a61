package io.mink.lake.maintenance;

import java.io.FileNotFoundException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.io.FileInfo;
import org.apache.iceberg.io.SupportsPrefixOperations;
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
    if (!(table.io() instanceof SupportsPrefixOperations io)) {
      LOG.info(
          "Orphan files of {} are not looked for: its FileIO {} cannot list files",
          table.name(),
          table.io().getClass().getName());
      return MaintenanceReport.NOTHING;
    }
    String metadataFolder = folder(table, TableProperties.WRITE_METADATA_LOCATION, "metadata");
    List<FileInfo> metadataFiles = list(io, table, metadataFolder).stream()
        .filter(file -> file.location().endsWith(".avro"))
        .toList();
    String dataFolder = folder(table, TableProperties.WRITE_DATA_LOCATION, "data");
    List<FileInfo> dataFiles = list(io, table, dataFolder);
    table.refresh();
    Set<String> referenced = OrphanFiles.keys(
        ReferencedFiles.of(((HasTableOperations) table).operations().current(), table.io()));
    long olderThan = now.minus(orphanAge).toEpochMilli();
    List<String> orphans =
        new ArrayList<>(OrphanFiles.select(metadataFiles, referenced, olderThan, metadataFolder));
    orphans.addAll(OrphanFiles.select(dataFiles, referenced, olderThan, dataFolder));
    orphans.forEach(io::deleteFile);
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
   * The files under a folder of the table; none when it does not exist yet, or lies outside the
   * table's location (write.data.path, write.metadata.path), where other tables may keep files.
   */
  private static List<FileInfo> list(SupportsPrefixOperations io, Table table, String folder) {
    List<FileInfo> files = new ArrayList<>();
    if (!folder.startsWith(withoutTrailingSlash(table.location()) + "/")) {
      return files;
    }
    try {
      io.listPrefix(folder + "/").forEach(files::add);
    } catch (RuntimeException e) {
      if (!(e.getCause() instanceof FileNotFoundException)) {
        throw e;
      }
    }
    return files;
  }

  private static String withoutTrailingSlash(String location) {
    return location.endsWith("/") ? location.substring(0, location.length() - 1) : location;
  }
}
