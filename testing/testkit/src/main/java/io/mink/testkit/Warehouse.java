package io.mink.testkit;

import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import org.apache.iceberg.catalog.Catalog;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A temporary directory holding Mink's embedded lake: an Iceberg JDBC catalog on SQLite and its table files.
 *
 * <p>In JUnit 5 each test gets a fresh one: {@code @RegisterExtension final Warehouse warehouse = new Warehouse();}.
 * Elsewhere use {@code try (Warehouse warehouse = Warehouse.create()) { ... }}. The directory is made on first use
 * and deleted, with everything in it, on close; using the warehouse again after that makes a new, empty one.
 */
public final class Warehouse implements BeforeEachCallback, AfterEachCallback, AutoCloseable {
  private Path directory;
  private Catalog catalog;

  /** A warehouse that makes its directory when a test starts or when first used. */
  public Warehouse() {}

  /** A warehouse whose directory exists already. */
  public static Warehouse create() {
    Warehouse warehouse = new Warehouse();
    warehouse.directory();
    return warehouse;
  }

  public synchronized Path directory() {
    if (directory == null) {
      try {
        directory = Files.createTempDirectory("mink-warehouse");
      } catch (IOException e) {
        throw new UncheckedIOException(
            "Cannot create a temporary warehouse directory: check that java.io.tmpdir ("
                + System.getProperty("java.io.tmpdir") + ") exists and is writable",
            e);
      }
    }
    return directory;
  }

  /** The embedded lake settings: {@code LakeSettings.embedded(directory())}. */
  public LakeSettings lakeSettings() {
    return LakeSettings.embedded(directory());
  }

  /** The catalog on this warehouse, opened on first use and closed with the warehouse. */
  public synchronized Catalog catalog() {
    if (catalog == null) {
      catalog = CatalogLoader.load(lakeSettings());
    }
    return catalog;
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    directory();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    close();
  }

  /** Closes the catalog and deletes the directory; does nothing if neither exists. */
  @Override
  public synchronized void close() {
    try {
      if (catalog instanceof Closeable closeable) {
        closeable.close();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot close the catalog of warehouse " + directory, e);
    } finally {
      catalog = null;
      Path toDelete = directory;
      directory = null;
      if (toDelete != null) {
        deleteRecursively(toDelete);
      }
    }
  }

  private static void deleteRecursively(Path root) {
    try {
      Files.walkFileTree(root, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attributes)
            throws IOException {
          Files.delete(file);
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path dir, IOException failure)
            throws IOException {
          if (failure != null) {
            throw failure;
          }
          Files.delete(dir);
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot delete warehouse directory " + root
              + ": something may still hold a file open in it; delete it by hand",
          e);
    }
  }
}
