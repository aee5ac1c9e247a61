package io.mink.lake.catalog;

import io.mink.schema.secret.Secrets;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.CatalogProperties;

/**
 * Checks [lake] before any connection is made: what each catalog type needs (a URI, a local warehouse, a JDBC
 * driver), and property values Iceberg would misread or fail on late. The messages say what to use.
 */
final class CatalogSettingsCheck {
  private static final Map<String, String> URI_EXAMPLES = Map.of(
      "jdbc", "jdbc:postgresql://postgres:5432/iceberg or jdbc:sqlite:/var/lib/mink/catalog.db",
      "rest", "http://iceberg-rest:8181");
  /** Properties Iceberg reads as booleans with Boolean.parseBoolean, where a typo would silently mean false. */
  private static final Set<String> BOOLEAN_PROPERTIES = Set.of(
      "s3.path-style-access",
      "s3.checksum-enabled",
      "s3.delete-enabled",
      "s3.acceleration-enabled",
      "s3.dualstack-enabled",
      "s3.use-arn-region-enabled",
      "s3.remote-signing-enabled",
      "s3.preload-client-enabled",
      "s3.cross-region-access-enabled",
      "glue.skip-archive",
      "glue.skip-name-validation",
      "glue.lakeformation-enabled",
      "rest.sigv4-enabled");

  private static final List<String> HTTP_CLIENT_TYPES = List.of("apache", "urlconnection");
  private static final String FILE_IOS =
      "org.apache.iceberg.aws.s3.S3FileIO, org.apache.iceberg.hadoop.HadoopFileIO, "
          + "org.apache.iceberg.io.ResolvingFileIO or io.mink.lake.io.LocalFileIO";

  private CatalogSettingsCheck() {}

  /** What each catalog type needs from [lake], and property values Iceberg would misread or fail on late. */
  static void validate(String type, LakeSettings settings) {
    String uri = settings.uri();
    String warehouse = settings.warehouse();
    if (URI_EXAMPLES.containsKey(type) && (uri == null || uri.isBlank())) {
      throw new IllegalArgumentException(
          "The " + type + " catalog needs uri in [lake], such as " + URI_EXAMPLES.get(type));
    }
    if (!type.equals("rest") && warehouse.isBlank()) {
      throw new IllegalArgumentException(
          "The " + type + " catalog needs warehouse in [lake]: where table files go, " + "such as "
              + (type.equals("hadoop") ? "/var/lib/mink/warehouse" : "s3://mink-lake/warehouse"));
    }
    switch (type) {
      case "rest" -> {
        if (!uri.startsWith("http://") && !uri.startsWith("https://")) {
          throw new IllegalArgumentException("uri '" + Secrets.url(uri)
              + "' of the rest catalog is not an http:// or https:// URL: "
              + "set uri in [lake] to the catalog's base URL, such as " + URI_EXAMPLES.get("rest"));
        }
      }
      case "jdbc" -> {
        if (!uri.startsWith("jdbc:")) {
          throw new IllegalArgumentException(
              "uri '" + Secrets.url(uri) + "' of the jdbc catalog is not a JDBC URL: set uri in "
                  + "[lake] to one such as " + URI_EXAMPLES.get("jdbc"));
        }
        requireDriver(uri);
      }
      case "hadoop" -> {
        if (!isLocal(warehouse)) {
          throw new IllegalArgumentException(
              "warehouse '" + warehouse + "' of the hadoop catalog is not a local path "
                  + "or file: URI: Mink has Hadoop's local file system only. Use a local or mounted directory, or the "
                  + "rest, glue or jdbc catalog for an object store");
        }
      }
      case "glue" -> {
        if (!warehouse.startsWith("s3://")
            && !settings.properties().containsKey(CatalogProperties.FILE_IO_IMPL)) {
          throw new IllegalArgumentException(
              "warehouse '" + warehouse + "' of the glue catalog is not an s3:// URI: "
                  + "Glue tables keep their files in S3; set warehouse in [lake] to one such as s3://mink-lake/warehouse");
        }
      }
      default -> throw new IllegalStateException("No checks for catalog type " + type);
    }
    validateProperties(settings.properties());
  }

  private static void validateProperties(Map<String, String> properties) {
    properties.forEach((key, value) -> {
      if (BOOLEAN_PROPERTIES.contains(key) && !value.equals("true") && !value.equals("false")) {
        throw new IllegalArgumentException(
            "Property " + key + " in [lake.properties] is '" + value + "': use true or false");
      }
    });
    String httpClient = properties.get("http-client.type");
    if (httpClient != null && !HTTP_CLIENT_TYPES.contains(httpClient)) {
      throw new IllegalArgumentException("Property http-client.type in [lake.properties] is '"
          + httpClient + "': use one of " + String.join(", ", HTTP_CLIENT_TYPES));
    }
    String fileIo = properties.get(CatalogProperties.FILE_IO_IMPL);
    if (fileIo != null) {
      try {
        Class.forName(fileIo, false, CatalogLoader.class.getClassLoader());
      } catch (ClassNotFoundException | LinkageError e) {
        throw new IllegalArgumentException("Property io-impl in [lake.properties] names " + fileIo
            + ", which is not on Mink's classpath: use " + FILE_IOS
            + ", or leave it out for the catalog's default");
      }
    }
  }

  private static void requireDriver(String uri) {
    try {
      DriverManager.getDriver(uri);
    } catch (SQLException e) {
      throw new IllegalArgumentException(
          "No JDBC driver on Mink's classpath accepts uri '" + Secrets.url(uri) + "': Mink ships "
              + "the SQLite (jdbc:sqlite:) and PostgreSQL (jdbc:postgresql:) drivers; put another database's driver jar "
              + "on the classpath to use it",
          e);
    }
  }

  /** A path, a file: URI or a Windows drive; not a URI of another scheme such as s3: or hdfs:. */
  static boolean isLocal(String warehouse) {
    int colon = warehouse.indexOf(':');
    if (colon <= 1) {
      return true;
    }
    String scheme = warehouse.substring(0, colon);
    return scheme.equals("file")
        || !scheme.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '+' || c == '-');
  }
}
