package io.mink.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * An independent Iceberg reader for tests: a one-node Trino coordinator (Trino's own server, with only its Iceberg
 * connector) in a child JVM on Java 25, reading a REST catalog through a catalog named {@value #CATALOG}, and queried
 * over Trino's JDBC driver from this JVM.
 *
 * <p>Start one per test class, it takes tens of seconds: {@code try (TrinoReader trino = TrinoReader.start(rest.uri()))
 * { trino.sql("SELECT * FROM mink.kafka.orders") }}. Trino runs on the Java 25 that {@link TrinoJava} finds. Needs the
 * trino-reader and trino-iceberg-plugin modules built (see {@link ChildClasspath}); Trino's log goes to
 * {@code target/trino-*.log}. The warehouse's table locations must be {@code file:} URIs: Trino reads the local file
 * system only under a scheme.
 */
public final class TrinoReader implements AutoCloseable {
  /** The catalog name queries use, the one Mink writes with, so that Spark's and Trino's statements read alike. */
  public static final String CATALOG = "mink";

  private static final String MAIN_CLASS = "io.mink.trino.TrinoServerMain";
  private static final Duration STARTUP_TIMEOUT = Duration.ofMinutes(4);
  /**
   * A small, quickly started JVM; the Vector API module, native access and self-attach are what Trino's launcher
   * adds and what its server checks for at startup.
   */
  static final List<String> JVM_OPTIONS = List.of(
      "-Xmx1g",
      "-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1",
      "-Xshare:auto",
      "--add-modules=jdk.incubator.vector",
      "--enable-native-access=ALL-UNNAMED",
      "-Djdk.attach.allowAttachSelf=true",
      "-Dfile.encoding=UTF-8");

  private final ChildServer server;
  private final Path home;
  private final Connection connection;

  private TrinoReader(ChildServer server, Path home, Connection connection) {
    this.server = server;
    this.home = home;
    this.connection = connection;
  }

  /** Starts Trino on the REST catalog at {@code restUri} and connects to it. */
  public static TrinoReader start(String restUri) {
    Path java = TrinoJava.find(System.getenv()).resolve("bin").resolve("java");
    String classpath = ChildClasspath.TRINO.find();
    Path plugins = ChildClasspath.TRINO_ICEBERG_PLUGIN.directory();
    Path home = homeDirectory();
    IntFunction<ChildServer.Launch> launch = port -> {
      Path config = writeConfiguration(home, port, plugins, restUri);
      List<String> command = new ArrayList<>();
      command.add(java.toString());
      command.addAll(JVM_OPTIONS);
      command.add("-Dconfig=" + config);
      command.addAll(List.of("-cp", classpath, MAIN_CLASS));
      return new ChildServer.Launch(
          command,
          Map.of(),
          null,
          URI.create("http://127.0.0.1:" + port + "/v1/info"),
          body -> body.replace(" ", "").contains("\"starting\":false"));
    };
    ChildServer server = null;
    try {
      server = ChildServer.start("trino", OptionalInt.empty(), launch, STARTUP_TIMEOUT);
      Properties properties = new Properties();
      properties.setProperty("user", "mink");
      Connection connection = DriverManager.getConnection(
          "jdbc:trino://127.0.0.1:" + server.port() + "/" + CATALOG, properties);
      return new TrinoReader(server, home, connection);
    } catch (SQLException | RuntimeException e) {
      if (server != null) {
        server.close();
      }
      ChildServer.deleteRecursively(home);
      if (e instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IllegalStateException("Cannot connect to Trino over JDBC: " + e.getMessage(), e);
    }
  }

  /**
   * The rows of one Trino SQL statement, in the order it gives them, each a map from column label to value in the
   * column order. Values are what Trino's JDBC driver gives, with these made plain Java: timestamps with time zone
   * as {@link java.time.Instant}, timestamps as {@link LocalDateTime}, dates as {@link LocalDate}, times as
   * {@link LocalTime}, arrays as lists, rows as maps from field name to value, maps as maps; nested values likewise.
   */
  public List<Map<String, Object>> sql(String statement) {
    try (Statement query = connection.createStatement();
        ResultSet results = query.executeQuery(statement)) {
      ResultSetMetaData columns = results.getMetaData();
      List<Map<String, Object>> rows = new ArrayList<>();
      while (results.next()) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (int i = 1; i <= columns.getColumnCount(); i++) {
          row.put(columns.getColumnLabel(i), column(results, i, columns.getColumnTypeName(i)));
        }
        rows.add(row);
      }
      return rows;
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Trino cannot run '" + statement + "': " + e.getMessage() + ". The end of its log "
              + server.log() + ":\n" + server.logTail(),
          e);
    }
  }

  private static Object column(ResultSet results, int index, String type) throws SQLException {
    if (type.startsWith("timestamp") && type.endsWith("with time zone")) {
      ZonedDateTime at = results.getObject(index, ZonedDateTime.class);
      return at == null ? null : at.toInstant();
    }
    if (type.startsWith("timestamp")) {
      return results.getObject(index, LocalDateTime.class);
    }
    if (type.equals("date")) {
      return results.getObject(index, LocalDate.class);
    }
    if (type.startsWith("time")) {
      return results.getObject(index, LocalTime.class);
    }
    return plain(results.getObject(index));
  }

  private static Object plain(Object value) throws SQLException {
    if (value instanceof java.sql.Array array) {
      List<Object> elements = new ArrayList<>();
      for (Object element : (Object[]) array.getArray()) {
        elements.add(plain(element));
      }
      return elements;
    }
    if (value instanceof io.trino.jdbc.Row row) {
      Map<String, Object> fields = new LinkedHashMap<>();
      for (io.trino.jdbc.RowField field : row.getFields()) {
        fields.put(field.getName().orElse("field" + field.getOrdinal()), plain(field.getValue()));
      }
      return fields;
    }
    if (value instanceof List<?> list) {
      List<Object> elements = new ArrayList<>();
      for (Object element : list) {
        elements.add(plain(element));
      }
      return elements;
    }
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> entries = new LinkedHashMap<>();
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        entries.put(plain(entry.getKey()), plain(entry.getValue()));
      }
      return entries;
    }
    return value;
  }

  /** Where Trino's log is. */
  public Path log() {
    return server.log();
  }

  /** How long Trino took from its start until it answered as started. */
  public Duration startup() {
    return server.startup();
  }

  /** Closes the connection and stops Trino. */
  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      // Trino is stopped below all the same
    } finally {
      try {
        server.close();
      } finally {
        ChildServer.deleteRecursively(home);
      }
    }
  }

  /**
   * Trino's configuration under {@code home}: a coordinator that also runs the work, on 127.0.0.1:{@code port}, with
   * the one plugin directory and a catalog {@value #CATALOG} on the REST catalog; returns config.properties.
   */
  static Path writeConfiguration(Path home, int port, Path plugins, String restUri) {
    Map<String, String> server = new LinkedHashMap<>();
    server.put("node.environment", "test");
    server.put("node.internal-address", "127.0.0.1");
    server.put("node.bind-ip", "127.0.0.1");
    server.put("coordinator", "true");
    server.put("node-scheduler.include-coordinator", "true");
    server.put("http-server.http.port", Integer.toString(port));
    server.put("http-server.log.enabled", "false");
    server.put("discovery.uri", "http://127.0.0.1:" + port);
    server.put("plugin.dir", plugins.toAbsolutePath().toString());
    server.put("catalog.config-dir", home.resolve("catalog").toString());
    server.put("task.concurrency", "2");
    Map<String, String> catalog = new LinkedHashMap<>();
    catalog.put("connector.name", "iceberg");
    catalog.put("iceberg.catalog.type", "rest");
    catalog.put("iceberg.rest-catalog.uri", restUri);
    catalog.put("fs.local.enabled", "true");
    catalog.put("local.location", "/");
    Path config = home.resolve("config.properties");
    write(config, server);
    write(home.resolve("catalog").resolve(CATALOG + ".properties"), catalog);
    return config;
  }

  private static void write(Path file, Map<String, String> properties) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(
          file,
          properties.entrySet().stream()
              .map(entry -> entry.getKey() + "=" + entry.getValue() + "\n")
              .collect(Collectors.joining()),
          UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write Trino's configuration " + file, e);
    }
  }

  private static Path homeDirectory() {
    try {
      return Files.createTempDirectory("mink-trino");
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create a directory for Trino's configuration: check that java.io.tmpdir ("
              + System.getProperty("java.io.tmpdir") + ") exists and is writable",
          e);
    }
  }
}
