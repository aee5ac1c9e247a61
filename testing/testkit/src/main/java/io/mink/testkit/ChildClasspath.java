package io.mink.testkit;

import static java.util.Objects.requireNonNull;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a test-only module that runs as a child process keeps its dependencies: the file named by the system
 * property {@code property}, else {@code <module>/target/<fileName>} in the first directory above the working
 * directory that holds the module. The module's build writes that file (dependency:build-classpath at
 * process-classes); its own classes, when it has any, are in {@code classes} beside it.
 *
 * @param module the module's directory in the repository, such as testing/spark-reader
 * @param fileName the classpath file its build writes under target
 * @param property the system property that may name the file instead
 * @param owner whose classpath it is, for messages ("Spark's")
 * @param classesPackage a package directory that must be under target/classes, or null when the module has no classes
 */
public record ChildClasspath(
    String module, String fileName, String property, String owner, String classesPackage) {
  static final ChildClasspath SPARK = new ChildClasspath(
      "testing/spark-reader",
      "spark-classpath.txt",
      SparkClasspath.PROPERTY,
      "Spark's",
      "io/mink/spark");
  static final ChildClasspath REST_CATALOG = new ChildClasspath(
      "testing/rest-catalog-server",
      "rest-catalog-classpath.txt",
      "mink.rest-catalog.classpath",
      "Iceberg's REST catalog server's",
      null);
  static final ChildClasspath S3MOCK = new ChildClasspath(
      "testing/s3mock-server", "s3mock-classpath.txt", "mink.s3mock.classpath", "S3Mock's", null);
  /** A Trino coordinator, started by TrinoServerMain on Java 25; see {@link TrinoReader}. */
  static final ChildClasspath TRINO = new ChildClasspath(
      "testing/trino-reader",
      "trino-classpath.txt",
      "mink.trino.classpath",
      "Trino's",
      "io/mink/trino");
  /** Trino's Iceberg plugin directory, which the trino-iceberg-plugin module's build lays out (no classpath file). */
  static final ChildClasspath TRINO_ICEBERG_PLUGIN = new ChildClasspath(
      "testing/trino-iceberg-plugin",
      "plugin",
      "mink.trino.plugin-dir",
      "Trino's Iceberg plugin's",
      null);
  /** Kafka Connect standalone with Iceberg's Kafka Connect sink, which bench/vs-connect runs. */
  public static final ChildClasspath CONNECT_SINK = new ChildClasspath(
      "testing/connect-sink",
      "connect-sink-classpath.txt",
      "mink.connect-sink.classpath",
      "Kafka Connect's",
      null);

  public ChildClasspath {
    requireNonNull(module, "module is null");
    requireNonNull(fileName, "fileName is null");
    requireNonNull(property, "property is null");
    requireNonNull(owner, "owner is null");
  }

  /** The classpath to pass to {@code java -cp}: the module's classes, if any, then its dependencies. */
  public String find() {
    Path file = file();
    if (!Files.isRegularFile(file)) {
      throw new IllegalStateException(
          owner + " classpath file " + file + " does not exist: " + buildIt());
    }
    String dependencies;
    try {
      dependencies = Files.readString(file).strip();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + owner + " classpath file " + file, e);
    }
    if (classesPackage == null) {
      return dependencies;
    }
    Path classes = file.toAbsolutePath().getParent().resolve("classes");
    if (!Files.isDirectory(classes.resolve(classesPackage))) {
      throw new IllegalStateException(
          "The " + module + " classes are not in " + classes + ": " + buildIt());
    }
    return classes + File.pathSeparator + dependencies;
  }

  /** The directory the module's build lays out under target, named like the classpath file, for servers that want one. */
  Path directory() {
    Path directory = file();
    if (!Files.isDirectory(directory)) {
      throw new IllegalStateException(
          owner + " directory " + directory + " does not exist: " + buildIt());
    }
    return directory;
  }

  /** The classpath file: where the system property says, else in the module found above the working directory. */
  Path file() {
    String configured = System.getProperty(property);
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    Path start = Path.of("").toAbsolutePath();
    for (Path directory = start; directory != null; directory = directory.getParent()) {
      if (Files.isRegularFile(directory.resolve(module).resolve("pom.xml"))) {
        return directory.resolve(module).resolve("target").resolve(fileName);
      }
    }
    throw new IllegalStateException("No " + module + " module above " + start
        + ": set the system property " + property + " to the path of " + module + "/target/"
        + fileName + ", or run from inside the repository");
  }

  private String buildIt() {
    return "run `mvn -pl " + module
        + " -am package -DskipTests` (or `mvn verify`) from the repository root first";
  }
}
