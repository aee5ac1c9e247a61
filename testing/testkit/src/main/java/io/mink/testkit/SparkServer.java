package io.mink.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The child JVM of {@code io.mink.spark.SparkTableServer} and its line protocol: one request at a time, each
 * answered by lines up to {@code END}. It reads through catalog sessions ({@code CATALOG}, {@code USE}), so one
 * server serves the readers of many warehouses one after another. Spark's log goes to {@code target/spark-reader-*.log}.
 */
final class SparkServer implements AutoCloseable {
  private static final String MAIN_CLASS = "io.mink.spark.SparkTableServer";
  private static final Duration STARTUP_TIMEOUT = Duration.ofMinutes(2);
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration QUIT_TIMEOUT = Duration.ofSeconds(10);
  private static final int LOG_TAIL_LINES = 40;

  private final Process process;
  private final Writer requests;
  private final ProcessLines answers;
  private final Path log;
  private String session;

  private SparkServer(Process process, Path log) {
    this.process = process;
    this.requests = process.outputWriter(UTF_8);
    this.answers = new ProcessLines(process.getInputStream(), "spark-reader-answers");
    this.log = log;
  }

  /** Starts the server in a JVM with {@code jvmOptions}, reading the catalog of {@code arguments} (none: none yet). */
  static SparkServer start(List<String> jvmOptions, List<String> arguments) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.addAll(SparkReader.JAVA_OPTIONS);
    command.addAll(List.of("-cp", SparkClasspath.find(), MAIN_CLASS));
    command.addAll(arguments);
    Path log = logFile();
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(log.toFile());
    builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start " + command.get(0) + " for Spark", e);
    }
    SparkServer server = new SparkServer(process, log);
    try {
      server.awaitReady();
    } catch (RuntimeException e) {
      server.close();
      throw e;
    }
    return server;
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** Opens a session {@code id} on the catalog of the server {@code arguments}; later requests of {@code id} use it. */
  synchronized void addCatalog(String id, String argumentsJson) {
    send("CATALOG " + id + " " + argumentsJson, "open a catalog");
    session = id;
  }

  /** Forgets session {@code id}; nothing when the server is gone. */
  synchronized void drop(String id) {
    if (process.isAlive()) {
      send("DROP " + id, "drop a catalog");
      if (id.equals(session)) {
        session = null;
      }
    }
  }

  /**
   * The lines answering {@code request} in session {@code id} (null: the catalog the server started with), or an
   * {@link IllegalStateException} saying why Spark cannot {@code doing}.
   */
  synchronized List<String> request(String id, String request, String doing) {
    if (id != null && !id.equals(session)) {
      send("USE " + id, doing);
      session = id;
    }
    return send(request, doing);
  }

  private List<String> send(String request, String doing) {
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
