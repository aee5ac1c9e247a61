package io.mink.spark;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The command line of {@link SparkTableServer}: the Iceberg catalog to read.
 *
 * @param catalogName the catalog's name, which a JDBC catalog stores in its rows: it must be the name
 *     the writer used, or the tables are not found
 * @param catalogType an Iceberg catalog type: jdbc, rest, hadoop, glue
 * @param uri the catalog's URI, or null where the type needs none
 * @param warehouse where the table files are
 * @param properties further catalog properties, passed to Iceberg as they are
 */
record ServerArguments(
    String catalogName,
    String catalogType,
    String uri,
    String warehouse,
    Map<String, String> properties) {
  static final String DEFAULT_CATALOG_NAME = "mink";
  static final String USAGE =
      "usage: SparkTableServer --catalog-type <jdbc|rest|hadoop|glue> [--uri <uri>]"
          + " --warehouse <location> [--catalog-name <name>] [--property <key>=<value>]...";

  ServerArguments {
    requireNonNull(catalogName, "catalogName is null");
    requireNonNull(catalogType, "catalogType is null");
    requireNonNull(warehouse, "warehouse is null");
    properties = Map.copyOf(requireNonNull(properties, "properties is null"));
  }

  static ServerArguments parse(List<String> arguments) {
    String catalogName = DEFAULT_CATALOG_NAME;
    String catalogType = null;
    String uri = null;
    String warehouse = null;
    Map<String, String> properties = new LinkedHashMap<>();
    for (int i = 0; i < arguments.size(); i += 2) {
      String option = arguments.get(i);
      if (i + 1 >= arguments.size()) {
        throw new IllegalArgumentException("Option " + option + " has no value; " + USAGE);
      }
      String value = arguments.get(i + 1);
      switch (option) {
        case "--catalog-name" -> catalogName = value;
        case "--catalog-type" -> catalogType = value;
        case "--uri" -> uri = value;
        case "--warehouse" -> warehouse = value;
        case "--property" -> {
          int equals = value.indexOf('=');
          if (equals <= 0) {
            throw new IllegalArgumentException(
                "Property '" + value + "' is not key=value; " + USAGE);
          }
          properties.put(value.substring(0, equals), value.substring(equals + 1));
        }
        default -> throw new IllegalArgumentException("Unknown option " + option + "; " + USAGE);
      }
    }
    if (catalogType == null || warehouse == null) {
      throw new IllegalArgumentException("--catalog-type and --warehouse are required; " + USAGE);
    }
    return new ServerArguments(catalogName, catalogType, uri, warehouse, properties);
  }

  /** The Spark settings that register the catalog under its name. */
  Map<String, String> sparkCatalogSettings() {
    String prefix = "spark.sql.catalog." + catalogName;
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put(prefix, "org.apache.iceberg.spark.SparkCatalog");
    settings.put(prefix + ".type", catalogType);
    settings.put(prefix + ".warehouse", warehouse);
    if (uri != null) {
      settings.put(prefix + ".uri", uri);
    }
    settings.put(prefix + ".cache-enabled", "false");
    properties.forEach((key, value) -> settings.put(prefix + "." + key, value));
    return settings;
  }
}
