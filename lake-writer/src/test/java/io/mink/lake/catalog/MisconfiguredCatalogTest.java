package io.mink.lake.catalog;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.sun.net.httpserver.HttpServer;
import io.mink.retry.Backoff;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.exceptions.NotAuthorizedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a wrong [lake] block says: what is wrong and what to change, before or instead of waiting on the catalog. */
class MisconfiguredCatalogTest {
  private static final Backoff QUICK = new Backoff(3, Duration.ofMillis(10), Duration.ofMillis(10));

  @TempDir
  Path directory;

  @Test
  void unknownCatalogTypeListsTheKnownOnes() {
    assertThatThrownBy(() ->
            CatalogLoader.load(settings("nessie", "http://nessie:19120", "s3://lake", Map.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Unknown catalog type 'nessie': use one of glue, hadoop, jdbc, rest");
  }

  @Test
  void restCatalogWithoutUriAsksForOne() {
    assertThatThrownBy(() -> CatalogLoader.load(settings("rest", null, "s3://lake", Map.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("The rest catalog needs uri in [lake], such as http://iceberg-rest:8181");
  }

  @Test
  void restUriThatIsNotHttpIsRefused() {
    assertThatThrownBy(
            () -> CatalogLoader.load(settings("rest", "iceberg-rest:8181", "s3://lake", Map.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "uri 'iceberg-rest:8181' of the rest catalog is not an http:// or https:// URL: set uri in [lake] "
                + "to the catalog's base URL, such as http://iceberg-rest:8181");
  }

  @Test
  void jdbcCatalogWithoutWarehouseAsksForOne() {
    assertThatThrownBy(() -> CatalogLoader.load(
            settings("jdbc", "jdbc:sqlite:" + directory.resolve("c.db"), " ", Map.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "The jdbc catalog needs warehouse in [lake]: where table files go, such as s3://mink-lake/warehouse");
  }

  @Test
  void jdbcUriOfADatabaseWithoutDriverNamesTheShippedDrivers() {
    assertThatThrownBy(() -> CatalogLoader.load(
            settings("jdbc", "jdbc:mysql://db:3306/iceberg", "s3://lake", Map.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "No JDBC driver on Mink's classpath accepts uri 'jdbc:mysql://db:3306/iceberg': Mink ships the "
                + "SQLite (jdbc:sqlite:) and PostgreSQL (jdbc:postgresql:) drivers; put another database's driver jar on "
                + "the classpath to use it");
  }

  @Test
  void hadoopCatalogOnAnObjectStoreIsRefused() {
    assertThatThrownBy(
            () -> CatalogLoader.load(settings("hadoop", null, "s3://lake/warehouse", Map.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "warehouse 's3://lake/warehouse' of the hadoop catalog is not a local path or file: URI: Mink has "
                + "Hadoop's local file system only. Use a local or mounted directory, or the rest, glue or jdbc catalog "
                + "for an object store");
  }

  @Test
  void booleanPropertyWithATypoIsRefusedInsteadOfReadAsFalse() {
    assertThatThrownBy(() -> CatalogLoader.load(settings(
            "rest",
            "http://iceberg-rest:8181",
            "s3://lake",
            Map.of("s3.path-style-access", "yes"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Property s3.path-style-access in [lake.properties] is 'yes': use true or false");
  }

  @Test
  void unknownHttpClientTypeListsTheKnownOnes() {
    assertThatThrownBy(() -> CatalogLoader.load(settings(
            "rest", "http://iceberg-rest:8181", "s3://lake", Map.of("http-client.type", "netty"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Property http-client.type in [lake.properties] is 'netty': use one of apache, urlconnection");
  }

  @Test
  void fileIoThatIsNotOnTheClasspathNamesTheOnesThatAre() {
    assertThatThrownBy(() -> CatalogLoader.load(settings(
            "rest",
            "http://iceberg-rest:8181",
            "gs://lake",
            Map.of("io-impl", "org.apache.iceberg.gcp.gcs.GCSFileIO"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Property io-impl in [lake.properties] names org.apache.iceberg.gcp.gcs.GCSFileIO, which is not on "
                + "Mink's classpath: use org.apache.iceberg.aws.s3.S3FileIO, org.apache.iceberg.hadoop.HadoopFileIO, "
                + "org.apache.iceberg.io.ResolvingFileIO or io.mink.lake.io.LocalFileIO, or leave it out for the catalog's default");
  }

  @Test
  void restCatalogNobodyListensOnIsTriedAgainThenNamed() throws IOException {
    String uri = "http://127.0.0.1:" + closedPort();
    long start = System.nanoTime();

    Throwable failure = catchThrowable(
        () -> CatalogLoader.load(settings("rest", uri, "s3://lake", Map.of()), QUICK));
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);

    assertThat(failure)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("Cannot open the rest catalog at " + uri + " (")
        .hasMessageContaining("Connection refused")
        .hasMessageEndingWith(
            " s: check that the catalog server is running and that uri in [lake] points at it");
    assertThat(elapsed)
        .as("two waits of 10 ms between the three attempts")
        .isGreaterThanOrEqualTo(Duration.ofMillis(20));
    assertThat(waitedSeconds(failure, 3)).isBetween(0L, elapsed.toSeconds());
  }

  /** The seconds the message says the {@code attempts} attempts took. */
  private static long waitedSeconds(Throwable failure, int attempts) {
    Matcher said = Pattern.compile("\\) after " + attempts + " attempts over (\\d+) s: ")
        .matcher(failure.getMessage());
    assertThat(said.find())
        .as("attempts and seconds in: " + failure.getMessage())
        .isTrue();
    return Long.parseLong(said.group(1));
  }

  @Test
  void postgresqlCatalogNobodyListensOnIsTriedAgainThenNamed() throws IOException {
    String uri = "jdbc:postgresql://127.0.0.1:" + closedPort() + "/iceberg";
    long start = System.nanoTime();

    Throwable failure = catchThrowable(
        () -> CatalogLoader.load(settings("jdbc", uri, "s3://lake", Map.of()), QUICK));
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);

    assertThat(failure)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("Cannot open the jdbc catalog at " + uri + " (")
        .hasMessageContaining("refused")
        .hasMessageEndingWith(" s: check that the database is running, that uri in [lake] "
            + "points at it and that Mink may use it");
    assertThat(waitedSeconds(failure, 3)).isBetween(0L, elapsed.toSeconds());
  }

  @Test
  void restCatalogThatRefusesMinksCredentialsSaysWhichPropertiesToSet() throws IOException {
    AtomicInteger requests = new AtomicInteger();
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      requests.incrementAndGet();
      byte[] body =
          "{\"error\":{\"message\":\"Credentials have expired\",\"type\":\"NotAuthorizedException\",\"code\":401}}"
              .getBytes(UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(401, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    server.start();
    String uri = "http://127.0.0.1:" + server.getAddress().getPort();
    try {
      assertThatThrownBy(
              () -> CatalogLoader.load(settings("rest", uri, "s3://lake", Map.of("token", "old"))))
          .isInstanceOf(IllegalArgumentException.class)
          .hasCauseInstanceOf(NotAuthorizedException.class)
          .hasMessage("The rest catalog at " + uri
              + " refused Mink's credentials (Not authorized: Credentials have "
              + "expired): set credential (client-id:client-secret for OAuth2) or token in [lake.properties], and "
              + "check that they may use it");
      assertThat(requests)
          .as("requests: refused credentials are not tried again")
          .hasValue(1);
    } finally {
      server.stop(0);
    }
  }

  static LakeSettings settings(
      String catalog, String uri, String warehouse, Map<String, String> properties) {
    return new LakeSettings("iceberg", catalog, uri, warehouse, properties);
  }

  /** A port nothing listens on. */
  static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
