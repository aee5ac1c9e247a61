package io.mink.lake.catalog;

import io.mink.lake.io.LocalFileIO;
import io.mink.lake.io.LocalLocations;
import io.mink.retry.Backoff;
import io.mink.retry.Retry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.exceptions.BadRequestException;
import org.apache.iceberg.exceptions.ForbiddenException;
import org.apache.iceberg.exceptions.NotAuthorizedException;

/**
 * Opens the Iceberg catalog that a {@link LakeSettings} describes: jdbc (SQLite or PostgreSQL), rest, hadoop
 * (a local or mounted file system) or glue. The [lake] properties go to the catalog and its FileIO as they are.
 *
 * <p>A configuration Mink can see is wrong fails at once with an {@link IllegalArgumentException} that says what to
 * change. A catalog that does not answer (starting, restarting, a database busy creating its tables) is tried again
 * with backoff; when it still does not answer, an {@link IllegalStateException} says where Mink looked.
 */
public final class CatalogLoader {
  public static final String CATALOG_NAME = "mink";

  /**
   * The FileIO of a jdbc catalog whose warehouse is not local: S3FileIO for s3:// and the like, Hadoop's for the
   * rest, as the REST catalog's client picks. Iceberg's JdbcCatalog alone takes Hadoop's, which has no s3 scheme.
   */
  static final String RESOLVING_FILE_IO = "org.apache.iceberg.io.ResolvingFileIO";

  private static final Map<String, String> IMPLEMENTATIONS = Map.of(
      "jdbc", "org.apache.iceberg.jdbc.JdbcCatalog",
      "rest", "org.apache.iceberg.rest.RESTCatalog",
      "hadoop", "org.apache.iceberg.hadoop.HadoopCatalog",
      "glue", "org.apache.iceberg.aws.glue.GlueCatalog");
  /** Five attempts, 0.5 s before the second and doubling: 7.5 s of waiting in all. */
  static final Backoff DEFAULT_BACKOFF =
      new Backoff(5, Duration.ofMillis(500), Duration.ofSeconds(30));

  private CatalogLoader() {}

  /** Opens the catalog, trying again with backoff while it does not answer. */
  public static Catalog load(LakeSettings settings) {
    return load(settings, DEFAULT_BACKOFF);
  }

  static Catalog load(LakeSettings settings, Backoff backoff) {
    Map<String, String> properties = catalogProperties(settings);
    Retry.Outcome<Catalog> outcome;
    try {
      outcome = Retry.with(backoff)
          .retrying(error -> !isConfigurationError(error))
          .call(() ->
              CatalogUtil.buildIcebergCatalog(CATALOG_NAME, properties, new Configuration(false)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while opening the catalog", e);
    } catch (RuntimeException e) {
      throw misconfigured(settings, e);
    }
    if (!outcome.answered()) {
      throw unavailable(settings, outcome.lastFailure(), outcome.attempts(), outcome.took());
    }
    return outcome.answer();
  }

  /**
   * The properties handed to Iceberg: the user's, then the ones the settings name, then SQLite's needs.
   * Fails on what is wrong before any connection is made.
   */
  public static Map<String, String> catalogProperties(LakeSettings settings) {
    String type = settings.catalog().toLowerCase(Locale.ROOT);
    String implementation = IMPLEMENTATIONS.get(type);
    if (implementation == null) {
      throw new IllegalArgumentException(
          "Unknown catalog type '" + settings.catalog() + "': use one of "
              + String.join(", ", IMPLEMENTATIONS.keySet().stream().sorted().toList()));
    }
    CatalogSettingsCheck.validate(type, settings);
    Map<String, String> properties = new HashMap<>(settings.properties());
    properties.put(CatalogProperties.CATALOG_IMPL, implementation);
    if (!settings.warehouse().isBlank()) {
      properties.put(CatalogProperties.WAREHOUSE_LOCATION, settings.warehouse());
    }
    if (settings.uri() != null) {
      properties.put(CatalogProperties.URI, settings.uri());
    }
    if (type.equals("jdbc") && settings.uri().startsWith("jdbc:sqlite:")) {
      properties.putIfAbsent("jdbc.schema-version", "V1");
      properties.putIfAbsent("jdbc.busy_timeout", "30000");
      properties.putIfAbsent("jdbc.journal_mode", "WAL");
      createParentDirectory(settings.uri().substring("jdbc:sqlite:".length()));
      createWarehouseDirectory(settings.warehouse());
    }
    if (type.equals("hadoop")) {
      createWarehouseDirectory(settings.warehouse());
    }
    if ((type.equals("jdbc") || type.equals("hadoop"))
        && LocalLocations.isLocal(settings.warehouse())) {
      properties.putIfAbsent(CatalogProperties.FILE_IO_IMPL, LocalFileIO.class.getName());
    } else if (type.equals("jdbc")) {
      properties.putIfAbsent(CatalogProperties.FILE_IO_IMPL, RESOLVING_FILE_IO);
    }
    return properties;
  }

  /** Errors that trying again cannot fix: Iceberg's argument checks, refused credentials, requests the catalog rejects. */
  private static boolean isConfigurationError(Throwable error) {
    for (Throwable cause = error;
        cause != null;
        cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof IllegalArgumentException
          || cause instanceof NotAuthorizedException
          || cause instanceof ForbiddenException
          || cause instanceof BadRequestException
          || cause instanceof ClassNotFoundException
          || cause instanceof NoClassDefFoundError
          || isMissingRegion(cause)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isMissingRegion(Throwable error) {
    return error.getClass().getName().startsWith("software.amazon.awssdk.")
        && String.valueOf(error.getMessage()).contains("Unable to load region");
  }

  private static IllegalArgumentException misconfigured(
      LakeSettings settings, RuntimeException error) {
    String where = "The " + settings.catalog() + " catalog" + at(settings);
    String reason = reason(error);
    if (chainContains(error, NotAuthorizedException.class)
        || chainContains(error, ForbiddenException.class)) {
      return new IllegalArgumentException(
          where + " refused Mink's credentials (" + reason + "): set credential "
              + "(client-id:client-secret for OAuth2) or token in [lake.properties], and check that they may use it",
          error);
    }
    if (chainMatches(error, CatalogLoader::isMissingRegion)) {
      return new IllegalArgumentException(
          where + " needs an AWS region (" + reason + "): set client.region in "
              + "[lake.properties], or AWS_REGION in Mink's environment",
          error);
    }
    return new IllegalArgumentException(
        where + " cannot be opened with this configuration (" + reason
            + "): check [lake] and [lake.properties]",
        error);
  }

  private static IllegalStateException unavailable(
      LakeSettings settings, Exception error, int attempts, Duration waited) {
    String what = switch (settings.catalog().toLowerCase(Locale.ROOT)) {
      case "rest" -> "that the catalog server is running and that uri in [lake] points at it";
      case "jdbc" ->
        "that the database is running, that uri in [lake] points at it and that Mink may use it";
      case "glue" -> "that AWS Glue is reachable from here and the properties in [lake.properties]";
      default -> "that the warehouse in [lake] exists and that Mink may write it";
    };
    return new IllegalStateException(
        "Cannot open the " + settings.catalog() + " catalog" + at(settings) + " (" + reason(error)
            + ") after " + attempts + " attempts over " + waited.toSeconds() + " s: check " + what,
        error);
  }

  private static String at(LakeSettings settings) {
    return " at " + settings.location();
  }

  /** The messages of an error and its causes, each once; a bare word (a host name) with its exception's name. */
  static String reason(Throwable error) {
    StringBuilder reason = new StringBuilder();
    for (Throwable cause = error;
        cause != null;
        cause = cause.getCause() == cause ? null : cause.getCause()) {
      String message = cause.getMessage();
      if (message != null && !message.contains(" ")) {
        message = cause.getClass().getSimpleName() + " " + message;
      }
      if (message != null && !reason.toString().contains(message)) {
        reason.append(reason.length() == 0 ? "" : ": ").append(message);
      }
    }
    return reason.length() == 0 ? error.getClass().getSimpleName() : reason.toString();
  }

  private static boolean chainContains(Throwable error, Class<? extends Throwable> type) {
    return chainMatches(error, type::isInstance);
  }

  private static boolean chainMatches(Throwable error, Predicate<Throwable> test) {
    for (Throwable cause = error;
        cause != null;
        cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (test.test(cause)) {
        return true;
      }
    }
    return false;
  }

  private static void createParentDirectory(String sqlitePath) {
    String path =
        sqlitePath.startsWith("file:") ? sqlitePath.substring("file:".length()) : sqlitePath;
    int query = path.indexOf('?');
    Path file = Path.of(query < 0 ? path : path.substring(0, query)).toAbsolutePath();
    try {
      Files.createDirectories(file.getParent());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create the directory of the catalog database " + file
              + ": check that the path is writable",
          e);
    }
  }

  private static void createWarehouseDirectory(String warehouse) {
    if (!CatalogSettingsCheck.isLocal(warehouse)) {
      return;
    }
    Path directory =
        warehouse.startsWith("file:") ? Path.of(URI.create(warehouse)) : Path.of(warehouse);
    try {
      Files.createDirectories(directory);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create the warehouse directory " + warehouse
              + ": check that the path is writable",
          e);
    }
  }
}
