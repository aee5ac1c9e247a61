package io.mink.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * An independent Iceberg reader for tests: Apache Spark with Iceberg's Spark runtime, in a child JVM
 * (they cannot share a classpath with Iceberg core), reading the catalog of a {@link LakeSettings}.
 *
 * <p>Start one per test class, it takes seconds: {@code try (SparkReader spark = SparkReader.start(
 * warehouse.lakeSettings())) { spark.read("kafka.orders") }}. Values come back as JSON does: structs
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

  private static final String MAIN_CLASS = "io.mink.spark.SparkTableServer";
  private static final Duration STARTUP_TIMEOUT = Duration.ofMinutes(2);
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration QUIT_TIMEOUT = Duration.ofSeconds(10);
  private static final int LOG_TAIL_LINES = 40;
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_LONG_FOR_INTS);
  private static final TypeReference<Map<String, Object>> ROW = new TypeReference<>() {};

  private final Process process;
  private final Writer requests;
  private final ProcessLines answers;
  private final Path log;

  private SparkReader(Process process, Path log) {
    this.process = process;
    this.requests = process.outputWriter(UTF_8);
    this.answers = new ProcessLines(process.getInputStream(), "spark-reader-answers");
    this.log = log;
  }

  /** Starts Spark on the catalog of {@code settings}, under the catalog name Mink writes with. */
  public static SparkReader start(LakeSettings settings) {
    return start(settings, List.of("-Xmx1g", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
  }

  /**
   * Starts Spark as {@link #start(LakeSettings)} does, its JVM with {@code jvmOptions} (heap, collector, JIT) in
   * place of the small quick-starting ones tests use: for benchmarks that time Spark's queries.
   */
  public static SparkReader start(LakeSettings settings, List<String> jvmOptions) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.addAll(JAVA_OPTIONS);
    command.addAll(List.of("-cp", SparkClasspath.find(), MAIN_CLASS));
    command.addAll(serverArguments(settings));
    Path log = logFile();
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(log.toFile());
    builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start " + command.get(0) + " for Spark", e);
    }
    SparkReader reader = new SparkReader(process, log);
    try {
      reader.awaitReady();
    } catch (RuntimeException e) {
      reader.close();
      throw e;
    }
    return reader;
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
    for (String line : request("READ " + qualifiedTable, "read " + qualifiedTable)) {
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
    for (String line : request("SQL " + oneLine, "run " + oneLine)) {
      try {
        rows.add(JSON.readValue(line, ROW));
      } catch (JsonProcessingException e) {
        throw new IllegalStateException(
            "Spark answered a row of '" + oneLine + "' that is not JSON: " + line, e);
      }
    }
    return rows;
  }

  /** Spark's schema of {@code namespace.table}, as Spark's StructType JSON. */
  public String schemaJson(String qualifiedTable) {
    List<String> lines = request("SCHEMA " + qualifiedTable, "describe " + qualifiedTable);
    if (lines.size() != 1) {
      throw new IllegalStateException(
          "Spark answered " + lines.size() + " lines for the schema of " + qualifiedTable);
    }
    return lines.get(0);
  }

  private List<String> request(String request, String doing) {
    if (!process.isAlive()) {
      throw failure("Spark has exited (status " + process.exitValue() + ") and cannot " + doing);
    }
    try {
      requests.write(request + "\n");
      requests.flush();
    } catch (IOException e) {
      throw failure("Cannot send '" + request + "' to Spark");
    }
    long deadline = System.nanoTime() + REQUEST_TIMEOUT.toNanos();
    List<String> lines = new ArrayList<>();
    while (true) {
      String line = nextLine(deadline, doing, REQUEST_TIMEOUT);
      if (line.startsWith("ERROR ")) {
        throw new IllegalStateException(
            "Spark cannot " + doing + ": " + line.substring("ERROR ".length()));
      }
      if (line.startsWith("END ")) {
        return lines;
      }
      lines.add(line);
    }
  }

  private void awaitReady() {
    long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
    String line = nextLine(deadline, "start", STARTUP_TIMEOUT);
    if (line.startsWith("ERROR ")) {
      throw failure("Spark cannot start: " + line.substring("ERROR ".length()));
    }
    if (!line.equals("READY")) {
      throw failure("Spark started with '" + line + "' instead of READY");
    }
  }

  private String nextLine(long deadline, String doing, Duration timeout) {
    Optional<String> line;
    try {
      line = answers.next(deadline);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      close();
      throw new IllegalStateException("Interrupted while Spark was about to " + doing, e);
    }
    if (line.isPresent()) {
      return line.get();
    }
    if (answers.ended()) {
      throw failure("Spark exited before it could " + doing);
    }
    close();
    throw failure(
        "Spark did not " + doing + " within " + timeout.toSeconds() + " s; it was stopped");
  }

  private IllegalStateException failure(String message) {
    return new IllegalStateException(
        message + ". The end of Spark's log " + log + ":\n" + logTail());
  }

  private String logTail() {
    try {
      List<String> lines = Files.readAllLines(log, UTF_8);
      return String.join(
          "\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
    } catch (IOException | UncheckedIOException e) {
      return "(cannot read the log: " + e.getMessage() + ")";
    }
  }

  private static Path logFile() {
    Path target = Path.of("target");
    try {
      return Files.isDirectory(target)
          ? Files.createTempFile(target, "spark-reader-", ".log")
          : Files.createTempFile("spark-reader-", ".log");
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create a log file for Spark in " + target.toAbsolutePath()
              + " or java.io.tmpdir: check that one is writable",
          e);
    }
  }

  /** Asks Spark to quit and waits a little, then kills it. */
  @Override
  public void close() {
    if (!process.isAlive()) {
      return;
    }
    try {
      requests.write("QUIT\n");
      requests.close();
    } catch (IOException e) {
      // the process is exiting already: the wait below sees to it
    }
    try {
      if (!process.waitFor(QUIT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(QUIT_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
