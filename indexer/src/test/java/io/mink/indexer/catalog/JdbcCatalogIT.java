package io.mink.indexer.catalog;

import io.mink.lake.catalog.LakeSettings;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The embedded default: Iceberg's JDBC catalog on SQLite, files on the local disk. */
class JdbcCatalogIT extends CatalogRoundTripSuite {
  @TempDir
  static Path directory;

  @Override
  LakeSettings settings() {
    return LakeSettings.embedded(directory);
  }
}
