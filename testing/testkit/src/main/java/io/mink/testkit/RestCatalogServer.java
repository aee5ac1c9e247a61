package io.mink.testkit;

import io.mink.lake.catalog.LakeSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.IntFunction;

/**
 * Apache Iceberg's own REST catalog server ({@code org.apache.iceberg.rest.RESTCatalogServer}, from Iceberg 1.11's
 * test fixtures) in a child JVM, on a JDBC catalog in a SQLite file of its own. Iceberg 1.11 cannot share a
 * classpath with Mink's 1.12; the rest-catalog-server module resolves the server's (see {@link ChildClasspath}).
 *
 * <p>Start one per test class, it takes about two seconds: {@code try (RestCatalogServer rest =
 * RestCatalogServer.start(warehouse)) { rest.lakeSettings(Map.of()) }}. The warehouse is a local path or, with
 * {@code io-impl} = {@code org.apache.iceberg.aws.s3.S3FileIO} among the properties, an {@code s3://} URI.
 * The server's log goes to {@code target/rest-catalog-server-*.log}.
 */
public final class RestCatalogServer implements AutoCloseable {
  public static final String MAIN_CLASS = "org.apache.iceberg.rest.RESTCatalogServer";
  /** A property that fixes the server's port instead of choosing a free one. */
  public static final String PORT_PROPERTY = "rest.port";

  private static final String ENVIRONMENT_PREFIX = "CATALOG_";
  private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);

  private final IntFunction<ChildServer.Launch> launch;
  private final String warehouse;
  private final Path state;
  private ChildServer server;

  private RestCatalogServer(
      ChildServer server, IntFunction<ChildServer.Launch> launch, String warehouse, Path state) {
    this.server = server;
    this.launch = launch;
    this.warehouse = warehouse;
    this.state = state;
  }

  /** A server whose tables go under {@code warehouse}, a local path. */
  public static RestCatalogServer start(String warehouse) {
    return start(warehouse, Map.of());
  }

  /**
   * A server whose tables go under {@code warehouse}, with more properties for its backend catalog and FileIO
   * (such as {@code io-impl}, {@code s3.endpoint}, {@code s3.path-style-access}). They reach the server as the
   * {@code CATALOG_*} variables it reads, see {@link #environmentVariable}; {@value #PORT_PROPERTY} fixes its port.
   */
  public static RestCatalogServer start(String warehouse, Map<String, String> properties) {
    Map<String, String> environment = new HashMap<>();
    properties.forEach((key, value) -> environment.put(environmentVariable(key), value));
    String classpath = ChildClasspath.REST_CATALOG.find();
    OptionalInt fixedPort = properties.containsKey(PORT_PROPERTY)
        ? OptionalInt.of(Integer.parseInt(properties.get(PORT_PROPERTY)))
        : OptionalInt.empty();
    Path state = stateDirectory();
    IntFunction<ChildServer.Launch> launch = port -> {
      Map<String, String> variables = new HashMap<>(environment);
      variables.put(environmentVariable("warehouse"), warehouse);
      variables.put(
          environmentVariable("uri"),
          "jdbc:sqlite:" + state.resolve("catalog.db") + "?busy_timeout=30000&journal_mode=WAL");
      variables.put(environmentVariable("jdbc.schema-version"), "V1");
      variables.put(environmentVariable(PORT_PROPERTY), Integer.toString(port));
      return new ChildServer.Launch(
          ChildServer.javaCommand(classpath, MAIN_CLASS),
          variables,
          ENVIRONMENT_PREFIX,
          URI.create("http://127.0.0.1:" + port + "/v1/config"));
    };
    try {
      ChildServer server =
          ChildServer.start("rest-catalog-server", fixedPort, launch, STARTUP_TIMEOUT);
      return new RestCatalogServer(server, launch, warehouse, state);
    } catch (RuntimeException e) {
      ChildServer.deleteRecursively(state);
      throw e;
    }
  }

  /**
   * The variable that sets a catalog property on the server: {@code CATALOG_} and the name upper-cased, with
   * {@code -} as {@code __} and {@code .} as {@code _} ({@code s3.path-style-access} is
   * {@code CATALOG_S3_PATH__STYLE__ACCESS}), as Iceberg's RCKUtils reads them back.
   */
  public static String environmentVariable(String property) {
    if (property.contains("_")) {
      throw new IllegalArgumentException(
          "The REST catalog server reads its properties from CATALOG_* variables, "
              + "where _ stands for '.': property " + property + " cannot be set that way");
    }
    return ENVIRONMENT_PREFIX
        + property.replace("-", "__").replace('.', '_').toUpperCase(Locale.ROOT);
  }

  /**
   * Kills the server with SIGKILL, as a crash would, keeping its catalog database: clients see connections refused
   * until {@link #startAgain()}.
   */
  public synchronized void kill() {
    server.kill();
  }

  /** Starts the killed server again on the same port with the same catalog database, and waits until it answers. */
  public synchronized void startAgain() {
    server = ChildServer.start(
        "rest-catalog-server", OptionalInt.of(server.port()), launch, STARTUP_TIMEOUT);
  }

  /** Whether the server process runs. */
  public synchronized boolean isRunning() {
    return server.alive();
  }

  /** The server's base URI, {@code http://127.0.0.1:<port>}: Mink's [lake] uri. */
  public synchronized String uri() {
    return "http://127.0.0.1:" + server.port();
  }

  public synchronized int port() {
    return server.port();
  }

  /** Where the server puts its tables. */
  public String warehouse() {
    return warehouse;
  }

  /** Mink's [lake] settings for this catalog, with {@code properties} for Mink's catalog client and FileIO. */
  public LakeSettings lakeSettings(Map<String, String> properties) {
    return new LakeSettings(LakeSettings.DEFAULT_FORMAT, "rest", uri(), warehouse, properties);
  }

  /** How long the server took from its start until it answered. */
  public synchronized Duration startup() {
    return server.startup();
  }

  public synchronized Path log() {
    return server.log();
  }

  /** Stops the server and deletes its catalog database; the warehouse is the caller's. */
  @Override
  public synchronized void close() {
    try {
      server.close();
    } finally {
      ChildServer.deleteRecursively(state);
    }
  }

  private static Path stateDirectory() {
    try {
      return Files.createTempDirectory("mink-rest-catalog");
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create a directory for the REST catalog's database: check that "
              + "java.io.tmpdir (" + System.getProperty("java.io.tmpdir")
              + ") exists and is writable",
          e);
    }
  }
}
