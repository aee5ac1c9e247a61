package io.mink.indexer.config;

import io.mink.lake.catalog.LakeSettings;
import java.util.List;
import java.util.Map;

/** Turns a configured [lake] section, from the file or MINK_LAKE_* variables, into {@link LakeSettings}. */
final class LakeSection {
  static final List<String> FORMATS = List.of("iceberg");
  static final List<String> CATALOGS = List.of("glue", "hadoop", "jdbc", "rest");
  private static final Map<String, String> URI_EXAMPLES = Map.of(
      "jdbc", "jdbc:postgresql://postgres:5432/iceberg",
      "rest", "http://iceberg-rest:8181");
  private static final String EMBEDDED_HINT =
      "; leave out [lake] and the MINK_LAKE_* variables to use the embedded lake";

  private LakeSection() {}

  static LakeSettings resolve(CollectedSettings settings) {
    String format = settings
        .value(ConfigKey.LAKE_FORMAT)
        .map(value -> value.choice(FORMATS))
        .orElseGet(() -> ConfigKey.LAKE_FORMAT.defaultValue().orElseThrow());
    String catalog = settings
        .value(ConfigKey.LAKE_CATALOG)
        .map(value -> value.choice(CATALOGS))
        .orElseThrow(() -> new ConfigException(
            "No catalog in [lake]: set catalog in [lake] of the config file, or "
                + ConfigKey.LAKE_CATALOG.environmentVariable() + ", to one of "
                + String.join(", ", CATALOGS)
                + EMBEDDED_HINT));
    String warehouse = settings
        .value(ConfigKey.LAKE_WAREHOUSE)
        .map(SettingValue::text)
        .orElseThrow(() -> new ConfigException(
            "No warehouse in [lake]: set warehouse in [lake] of the config file, or "
                + ConfigKey.LAKE_WAREHOUSE.environmentVariable() + ", such as s3://mink-lake"
                + EMBEDDED_HINT));
    String uri = settings.value(ConfigKey.LAKE_URI).map(SettingValue::text).orElse(null);
    if (uri == null && URI_EXAMPLES.containsKey(catalog)) {
      throw new ConfigException("No uri for the " + catalog
          + " catalog in [lake]: set uri in [lake] of the config file, or "
          + ConfigKey.LAKE_URI.environmentVariable() + ", such as " + URI_EXAMPLES.get(catalog));
    }
    return new LakeSettings(format, catalog, uri, warehouse, settings.lakeProperties());
  }
}
