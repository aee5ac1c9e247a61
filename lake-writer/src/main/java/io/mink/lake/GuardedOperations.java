package io.mink.lake;

import static java.util.Objects.requireNonNull;

import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.encryption.EncryptionManager;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.LocationProvider;

/**
 * Table operations that run a check on the metadata a commit is built on right before the catalog
 * swaps it. The catalog swaps only if that metadata is still current, so the check holds at commit
 * time; Iceberg retries on refreshed metadata after a concurrent change, and each retry is checked.
 */
final class GuardedOperations implements TableOperations {
  /** Throws when the commit must not happen on this base. */
  @FunctionalInterface
  interface Guard {
    void check(TableMetadata base);
  }

  private final TableOperations delegate;
  private final Guard guard;

  GuardedOperations(TableOperations delegate, Guard guard) {
    this.delegate = requireNonNull(delegate, "delegate is null");
    this.guard = requireNonNull(guard, "guard is null");
  }

  @Override
  public void commit(TableMetadata base, TableMetadata metadata) {
    guard.check(base);
    delegate.commit(base, metadata);
  }

  @Override
  public TableMetadata current() {
    return delegate.current();
  }

  @Override
  public TableMetadata refresh() {
    return delegate.refresh();
  }

  @Override
  public FileIO io() {
    return delegate.io();
  }

  @Override
  public EncryptionManager encryption() {
    return delegate.encryption();
  }

  @Override
  public String metadataFileLocation(String fileName) {
    return delegate.metadataFileLocation(fileName);
  }

  @Override
  public LocationProvider locationProvider() {
    return delegate.locationProvider();
  }

  @Override
  public TableOperations temp(TableMetadata uncommittedMetadata) {
    return delegate.temp(uncommittedMetadata);
  }

  @Override
  public long newSnapshotId() {
    return delegate.newSnapshotId();
  }

  @Override
  public boolean requireStrictCleanup() {
    return delegate.requireStrictCleanup();
  }
}
