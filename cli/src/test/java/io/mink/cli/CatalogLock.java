package io.mink.cli;

import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.iceberg.CatalogProperties;

/**
 * Holds the embedded SQLite catalog's write lock (an open {@code BEGIN EXCLUSIVE} transaction) until closed: every
 * other writer's commit waits meanwhile, as behind a slow or unreachable catalog. Reads go on (WAL).
 */
final class CatalogLock implements AutoCloseable {
  private final Connection connection;

  private CatalogLock(Connection connection) {
    this.connection = connection;
  }

  static CatalogLock take(LakeSettings settings) {
    String uri = CatalogLoader.catalogProperties(settings).get(CatalogProperties.URI);
    try {
      Connection connection = DriverManager.getConnection(uri);
      try (Statement statement = connection.createStatement()) {
        statement.execute("BEGIN EXCLUSIVE");
      }
      return new CatalogLock(connection);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot lock the catalog " + uri, e);
    }
  }

  @Override
  public void close() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("ROLLBACK");
    } finally {
      connection.close();
    }
  }
}
