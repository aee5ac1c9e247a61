package io.mink.lake.maintenance;

/**
 * What one maintenance of a table did.
 *
 * @param expiredSnapshots snapshots removed from the table's metadata
 * @param deletedFiles files of the expired snapshots that no remaining snapshot uses, deleted with them
 * @param orphanFiles unreferenced files deleted, such as those of a round that crashed before its commit
 * @param failures steps that failed (logged); each is tried again after a later round
 */
public record MaintenanceReport(
    int expiredSnapshots, int deletedFiles, int orphanFiles, int failures) {
  public static final MaintenanceReport NOTHING = new MaintenanceReport(0, 0, 0, 0);

  public MaintenanceReport plus(MaintenanceReport other) {
    return new MaintenanceReport(
        expiredSnapshots + other.expiredSnapshots,
        deletedFiles + other.deletedFiles,
        orphanFiles + other.orphanFiles,
        failures + other.failures);
  }
}
