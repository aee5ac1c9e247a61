package io.mink.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the spark-reader module's classes and dependencies are: the file named by the system property
 * {@value #PROPERTY}, else {@code spark-reader/target/spark-classpath.txt} in the first directory above
 * the working directory that holds a {@code spark-reader} module. The module's build writes that file;
 * its classes are in {@code classes} beside it.
 */
final class SparkClasspath {
  static final String PROPERTY = "mink.spark.classpath";
  private static final String FILE_NAME = "spark-classpath.txt";
  private static final String BUILD_IT = "run `mvn -pl spark-reader -am package -DskipTests` (or `mvn verify`) "
      + "from the repository root first";

  private SparkClasspath() {}

  static String find() {
    Path file = classpathFile();
    if (!Files.isRegularFile(file)) {
      throw new IllegalStateException("Spark's classpath file " + file + " does not exist: " + BUILD_IT);
    }
    Path classes = file.toAbsolutePath().getParent().resolve("classes");
    if (!Files.isDirectory(classes.resolve("io/mink/spark"))) {
      throw new IllegalStateException("The spark-reader classes are not in " + classes + ": " + BUILD_IT);
    }
    try {
      return classes + java.io.File.pathSeparator + Files.readString(file).strip();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read Spark's classpath file " + file, e);
    }
  }

  private static Path classpathFile() {
    String configured = System.getProperty(PROPERTY);
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    Path start = Path.of("").toAbsolutePath();
    for (Path directory = start; directory != null; directory = directory.getParent()) {
      if (Files.isRegularFile(directory.resolve("spark-reader/pom.xml"))) {
        return directory.resolve("spark-reader/target").resolve(FILE_NAME);
      }
    }
    throw new IllegalStateException("No spark-reader module above " + start + ": set the system property "
        + PROPERTY + " to the path of spark-reader/target/" + FILE_NAME + ", or run from inside the repository");
  }
}
