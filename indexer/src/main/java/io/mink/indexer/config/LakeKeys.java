package io.mink.indexer.config;

/** The definitions of the [lake] keys of {@code mink.toml}, listed by {@link ConfigKey}. */
final class LakeKeys {
  static final KeyDefinition LAKE_FORMAT = new KeyDefinition(
      ConfigKey.LAKE, "format", "iceberg", "\"iceberg\"", "The table format; only iceberg");

  static final KeyDefinition LAKE_CATALOG = new KeyDefinition(
      ConfigKey.LAKE,
      "catalog",
      () -> null,
      "none, required with [lake]",
      "\"rest\"",
      "The Iceberg catalog type: glue, hadoop, jdbc or rest");

  static final KeyDefinition LAKE_URI = new KeyDefinition(
      ConfigKey.LAKE,
      "uri",
      () -> null,
      "none, required by the jdbc and rest catalogs",
      "\"http://iceberg-rest:8181\"",
      "The catalog's URI: the REST endpoint or the JDBC URL");

  static final KeyDefinition LAKE_WAREHOUSE = new KeyDefinition(
      ConfigKey.LAKE,
      "warehouse",
      () -> null,
      "none, required with [lake]",
      "\"s3://mink-lake\"",
      "Where the data and metadata files go");

  static final KeyDefinition LAKE_PROPERTIES = new KeyDefinition(
      ConfigKey.LAKE,
      "properties",
      () -> null,
      "none",
      "{ \"s3.endpoint\" = \"http://rustfs:9000\" }",
      "A table of strings handed as they are to the Iceberg catalog and its FileIO");

  private LakeKeys() {}
}
