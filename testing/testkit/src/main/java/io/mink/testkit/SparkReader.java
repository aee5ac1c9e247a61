package io.mink.testkit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An independent Iceberg reader for tests: Apache Spark with Iceberg's Spark runtime, in a child JVM
 * (they cannot share a classpath with Iceberg core), reading the catalog of a {@link LakeSettings}.
 *
 * <p>Start one per test class: {@code try (SparkReader spark = SparkReader.start(warehouse.lakeSettings())) {
 * spark.read("kafka.orders") }}. The readers of one test JVM share one Spark process, started by the first (it
 * takes seconds) and stopped when the JVM exits; each reads through a Spark session of its own. Values come back as JSON does: structs
 * and maps as maps (map keys as strings), lists as lists, integers as {@code Long}, floating point as
 * {@code Double}, decimals as plain strings, binary as base64 strings and timestamps as ISO-8601
 * strings with six fraction digits (with {@code Z} for timestamptz). Needs the spark-reader module
 * built; see {@link SparkClasspath}. Spark's log goes to {@code target/spark-reader-*.log}.
 */
public final class SparkReader implements AutoCloseable {
  /** The JVM options Spark's own launcher adds on Java 17 (org.apache.spark.launcher.JavaModuleOptions). */
  static final List<String> JAVA_OPTIONS = List.of(
      "-XX:+IgnoreUnrecognizedVMOptions",
      "--add-opens=java.base/java.lang=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens=java.base/java.io=ALL-UNNAMED",
      "--add-opens=java.base/java.net=ALL-UNNAMED",
      "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "--add-opens=java.base/java.util=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
      "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
      "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
      "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
      "-Djdk.reflect.useDirectMethodHandle=false",
      "-Dio.netty.tryReflectionSetAccessible=true");

  /** The JVM options of the shared Spark: small and quick to start. */
  private static final List<String> TEST_JVM_OPTIONS =
      List.of("-Xmx1g", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_LONG_FOR_INTS);
  private static final TypeReference<Map<String, Object>> ROW = new TypeReference<>() {};
  private static final AtomicLong SESSIONS = new AtomicLong();
  private static SparkServer shared;

  private final SparkServer server;
  private final String session;

  private SparkReader(SparkServer server, String session) {
    this.server = server;
    this.session = session;
  }

  /**
   * Spark reading the catalog of {@code settings}, under the catalog name Mink writes with, in a session of its own
   * on this JVM's shared Spark process.
   */
  public static SparkReader start(LakeSettings settings) {
    SparkServer server = sharedServer();
    String session = "catalog-" + SESSIONS.incrementAndGet();
    try {
      server.addCatalog(session, JSON.writeValueAsString(serverArguments(settings)));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write the catalog's arguments as JSON", e);
    }
    return new SparkReader(server, session);
  }

  /**
   * Starts Spark on the catalog of {@code settings} in a process of its own, its JVM with {@code jvmOptions} (heap,
   * collector, JIT) in place of the small quick-starting ones tests use: for benchmarks that time Spark's queries.
   */
  public static SparkReader start(LakeSettings settings, List<String> jvmOptions) {
    return new SparkReader(SparkServer.start(jvmOptions, serverArguments(settings)), null);
  }

  private static synchronized SparkServer sharedServer() {
    if (shared == null || !shared.isAlive()) {
      SparkServer started = SparkServer.start(TEST_JVM_OPTIONS, List.of());
      Runtime.getRuntime().addShutdownHook(new Thread(started::close, "spark-reader-stop"));
      shared = started;
    }
    return shared;
  }

  /** The server's command line: the catalog as {@link CatalogLoader} opens it. */
  static List<String> serverArguments(LakeSettings settings) {
    Map<String, String> properties = new HashMap<>(settings.properties());
    if (settings.uri() != null && settings.uri().startsWith("jdbc:sqlite:")) {
      properties.putIfAbsent("jdbc.schema-version", "V1");
      properties.putIfAbsent("jdbc.busy_timeout", "30000");
    }
    List<String> arguments = new ArrayList<>(List.of(
        "--catalog-name", CatalogLoader.CATALOG_NAME,
        "--catalog-type", settings.catalog(),
        "--warehouse", settings.warehouse()));
    if (settings.uri() != null) {
      arguments.addAll(List.of("--uri", settings.uri()));
    }
    properties.forEach((key, value) -> arguments.addAll(List.of("--property", key + "=" + value)));
    return arguments;
  }

  /** Every row of {@code namespace.table}, ordered by Kafka partition and offset when it has those columns. */
  public List<Map<String, Object>> read(String qualifiedTable) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (String line :
        server.request(session, "READ " + qualifiedTable, "read " + qualifiedTable)) {
      try {
        rows.add(JSON.readValue(line, ROW));
      } catch (JsonProcessingException e) {
        throw new IllegalStateException(
            "Spark answered a row of " + qualifiedTable + " that is not JSON: " + line, e);
      }
    }
    return rows;
  }

  /**
   * The rows of one Spark SQL statement, in the order it gives them, shaped as {@link #read} shapes them. Tables are
   * named {@code mink.<namespace>.<table>}: the catalog has the name Mink writes with. Line breaks in the statement
   * are sent as spaces.
   */
  public List<Map<String, Object>> sql(String statement) {
    List<Map<String, Object>> rows = new ArrayList<>();
    String oneLine = statement.replaceAll("\\s*\\R\\s*", " ").strip();
    for (String line : server.request(session, "SQL " + oneLine, "run " + oneLine)) {
      try {
        rows.add(JSON.readValue(line, ROW));
      } catch (JsonProcessingException e) {
        throw new IllegalStateException(
            "Spark answered a row of '" + oneLine + "' that is not JSON: " + line, e);
      }
    }
    return rows;
  }

  /**
   * Removes the orphan files of {@code namespace.table} last modified before {@code olderThan} with Iceberg's Spark
   * action, the one {@code CALL system.remove_orphan_files} runs, and returns their locations. The procedure refuses
   * an age below 24 hours; the action takes any, so a test can have Spark consider files written seconds ago, as a
   * user who runs the action with a short age does.
   */
  public List<String> removeOrphanFiles(String qualifiedTable, Instant olderThan) {
    List<String> removed = new ArrayList<>();
    for (String line : server.request(
        session,
        "REMOVE_ORPHANS " + qualifiedTable + " " + olderThan.toEpochMilli(),
        "remove orphan files of " + qualifiedTable)) {
      try {
        removed.add(JSON.readTree(line).get("location").asText());
      } catch (JsonProcessingException e) {
        throw new IllegalStateException(
            "Spark answered a removed file of " + qualifiedTable + " that is not JSON: " + line, e);
      }
    }
    return removed;
  }

  /** Spark's schema of {@code namespace.table}, as Spark's StructType JSON. */
  public String schemaJson(String qualifiedTable) {
    List<String> lines =
        server.request(session, "SCHEMA " + qualifiedTable, "describe " + qualifiedTable);
    if (lines.size() != 1) {
      throw new IllegalStateException(
          "Spark answered " + lines.size() + " lines for the schema of " + qualifiedTable);
    }
    return lines.get(0);
  }

  /** Ends this reader's session; a reader that started Spark in a process of its own stops it. */
  @Override
  public void close() {
    if (session == null) {
      server.close();
    } else {
      server.drop(session);
    }
  }
}
