package io.mink.lake;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;

/** Opens the Iceberg catalog that a {@link LakeSettings} describes. */
public final class CatalogLoader {
  public static final String CATALOG_NAME = "mink";

  private static final Map<String, String> IMPLEMENTATIONS = Map.of(
      "jdbc", "org.apache.iceberg.jdbc.JdbcCatalog",
      "rest", "org.apache.iceberg.rest.RESTCatalog",
      "hadoop", "org.apache.iceberg.hadoop.HadoopCatalog",
      "glue", "org.apache.iceberg.aws.glue.GlueCatalog");

  private CatalogLoader() {}

  private static final int ATTEMPTS = 5;

  /**
   * Opens the catalog, trying again with backoff when it fails: a catalog that is starting, or a
   * JDBC catalog whose tables another process is creating at the same moment, answers on a retry.
   */
  public static Catalog load(LakeSettings settings) {
    Map<String, String> properties = catalogProperties(settings);
    RuntimeException failure = null;
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        return CatalogUtil.buildIcebergCatalog(CATALOG_NAME, properties, new Configuration(false));
      } catch (RuntimeException e) {
        failure = e;
        sleep(250L << attempt);
      }
    }
    throw failure;
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while opening the catalog", e);
    }
  }

  /** The properties handed to Iceberg: the user's, then the ones the settings name, then SQLite's needs. */
  static Map<String, String> catalogProperties(LakeSettings settings) {
    String type = settings.catalog().toLowerCase(Locale.ROOT);
    String implementation = IMPLEMENTATIONS.get(type);
    if (implementation == null) {
      throw new IllegalArgumentException("Unknown catalog type '" + settings.catalog()
          + "': use one of " + String.join(", ", IMPLEMENTATIONS.keySet().stream().sorted().toList()));
    }
    Map<String, String> properties = new HashMap<>(settings.properties());
    properties.put(CatalogProperties.CATALOG_IMPL, implementation);
    properties.put(CatalogProperties.WAREHOUSE_LOCATION, settings.warehouse());
    if (settings.uri() != null) {
      properties.put(CatalogProperties.URI, settings.uri());
    }
    if (type.equals("jdbc") && settings.uri() != null && settings.uri().startsWith("jdbc:sqlite:")) {
      properties.putIfAbsent("jdbc.schema-version", "V1");
      properties.putIfAbsent("jdbc.busy_timeout", "30000");
      properties.putIfAbsent("jdbc.journal_mode", "WAL");
      createParentDirectory(settings.uri().substring("jdbc:sqlite:".length()));
      createWarehouseDirectory(settings.warehouse());
    }
    return properties;
  }

  private static void createParentDirectory(String sqlitePath) {
    String path = sqlitePath.startsWith("file:") ? sqlitePath.substring("file:".length()) : sqlitePath;
    int query = path.indexOf('?');
    Path file = Path.of(query < 0 ? path : path.substring(0, query)).toAbsolutePath();
    try {
      Files.createDirectories(file.getParent());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create the directory of the catalog database " + file
          + ": check that the path is writable", e);
    }
  }

  private static void createWarehouseDirectory(String warehouse) {
    if (warehouse.startsWith("file:")) {
      try {
        Files.createDirectories(Path.of(URI.create(warehouse)));
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot create the warehouse directory " + warehouse
            + ": check that the path is writable", e);
      }
    } else if (!warehouse.contains("://")) {
      try {
        Files.createDirectories(Path.of(warehouse));
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot create the warehouse directory " + warehouse
            + ": check that the path is writable", e);
      }
    }
  }
}
