package io.mink.lake.catalog;

import static java.util.Objects.requireNonNull;

import io.mink.schema.secret.Secrets;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The [lake] block of the configuration: which Iceberg catalog holds Mink's tables.
 *
 * @param format the table format; only "iceberg"
 * @param catalog the catalog type: jdbc, rest, hadoop or glue
 * @param uri the catalog's URI (a JDBC URL, a REST endpoint), or null where the type needs none
 * @param warehouse where data and metadata files go
 * @param properties passed to the catalog and its FileIO as they are
 */
public record LakeSettings(
    String format, String catalog, String uri, String warehouse, Map<String, String> properties) {
  public static final String DEFAULT_FORMAT = "iceberg";
  public static final String EMBEDDED_DIRECTORY = "mink-warehouse";

  public LakeSettings {
    requireNonNull(format, "format is null");
    requireNonNull(catalog, "catalog is null");
    requireNonNull(warehouse, "warehouse is null");
    properties = Map.copyOf(requireNonNull(properties, "properties is null"));
  }

  /** The embedded default: a JDBC catalog on SQLite, its database and files under {@code directory}. */
  public static LakeSettings embedded(Path directory) {
    Path root = directory.toAbsolutePath().normalize();
    return new LakeSettings(
        DEFAULT_FORMAT,
        "jdbc",
        "jdbc:sqlite:" + root.resolve("catalog.db"),
        root.toUri().toString(),
        Map.of());
  }

  /** Where the catalog is, for messages: its URI, else the warehouse, with any password hidden. */
  public String location() {
    return Secrets.url(uri != null ? uri : warehouse);
  }

  /** The settings with secret properties and URL passwords hidden. */
  @Override
  public String toString() {
    return "LakeSettings[format=" + format + ", catalog=" + catalog + ", uri=" + Secrets.url(uri)
        + ", warehouse=" + Secrets.url(warehouse) + ", properties="
        + new TreeMap<>(Secrets.shown(properties)) + "]";
  }
}
