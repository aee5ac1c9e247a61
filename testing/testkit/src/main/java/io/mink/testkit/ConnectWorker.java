package io.mink.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * One Kafka Connect standalone worker ({@code org.apache.kafka.connect.cli.ConnectStandalone}) in a JVM of its own,
 * on the connect-sink module's classpath, running one connector: given at its start, or added through its REST API
 * once it runs. Its files (worker and connector properties, the
 * Log4j 2 configuration, the offsets file and its log) are in the directory it is given. Closing it stops the
 * JVM: a polite signal first, then a kill; a JVM left running when the test or benchmark exits is killed then.
 * bench/vs-connect measures the sink with it, and the takeover tests stop it at random points.
 */
public final class ConnectWorker implements AutoCloseable {
  static final String MAIN_CLASS = "org.apache.kafka.connect.cli.ConnectStandalone";

  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(2);
  /** Creating a connector validates its configuration first, which loads the connector's classes. */
  private static final Duration CREATE_TIMEOUT = Duration.ofSeconds(60);

  private static final int LOG_TAIL_LINES = 40;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String LOG4J2 = """
      status = warn
      appender.out.type = Console
      appender.out.name = OUT
      appender.out.layout.type = PatternLayout
      appender.out.layout.pattern = [%d] %p %m (%c)%n
      rootLogger.level = INFO
      rootLogger.appenderRef.out.ref = OUT
      logger.rest.name = org.apache.kafka.connect.runtime.rest
      logger.rest.level = WARN
      """;

  private final Process process;
  private final Path log;
  private final URI rest;
  private final URI status;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(REQUEST_TIMEOUT).build();
  private final Thread killer;

  private ConnectWorker(Process process, Path log, URI rest, String connectorName) {
    this.process = process;
    this.log = log;
    this.rest = rest;
    this.status = rest.resolve("/connectors/" + connectorName + "/status");
    this.killer = new Thread(process::destroyForcibly, "connect-worker-killer");
    Runtime.getRuntime().addShutdownHook(killer);
  }

  /**
   * Writes the worker's files into {@code directory} and starts its JVM with the connector.
   *
   * @param classpath Connect's classpath, such as {@code ChildClasspath.CONNECT_SINK.find()}
   * @param connector the connector's properties, its {@code name} among them
   */
  public static ConnectWorker start(
      String classpath,
      List<String> jvmOptions,
      Path directory,
      Map<String, String> worker,
      Map<String, String> connector,
      int restPort) {
    Path connectorFile = directory.resolve("connector.properties");
    try {
      store(connector, connectorFile);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write Kafka Connect's files into " + directory, e);
    }
    return launch(
        classpath, jvmOptions, directory, worker, connector.get("name"), restPort, connectorFile);
  }

  /**
   * Writes the worker's files into {@code directory} and starts its JVM with no connector, as a worker runs before
   * a user adds one; {@link #createConnector} adds it through the REST API once {@link #ready()}.
   *
   * @param connectorName the name of the connector {@link #taskState()} will ask about
   */
  public static ConnectWorker startWithoutConnector(
      String classpath,
      List<String> jvmOptions,
      Path directory,
      Map<String, String> worker,
      String connectorName,
      int restPort) {
    return launch(classpath, jvmOptions, directory, worker, connectorName, restPort, null);
  }

  private static ConnectWorker launch(
      String classpath,
      List<String> jvmOptions,
      Path directory,
      Map<String, String> worker,
      String connectorName,
      int restPort,
      Path connectorFile) {
    Path workerFile = directory.resolve("worker.properties");
    Path log4j = directory.resolve("log4j2.properties");
    Path log = directory.resolve("connect.log");
    try {
      store(worker, workerFile);
      Files.writeString(log4j, LOG4J2, UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write Kafka Connect's files into " + directory, e);
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.add("-Dlog4j2.configurationFile=" + log4j.toUri());
    command.addAll(List.of("-cp", classpath, MAIN_CLASS, workerFile.toString()));
    if (connectorFile != null) {
      command.add(connectorFile.toString());
    }
    ProcessBuilder builder = new ProcessBuilder(command)
        .directory(directory.toFile())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile());
    try {
      return new ConnectWorker(
          builder.start(), log, URI.create("http://127.0.0.1:" + restPort), connectorName);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start Kafka Connect with " + command.get(0), e);
    }
  }

  /** A local port nobody listens on right now, for the worker's REST API. */
  public static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot find a free local port for Kafka Connect's REST API", e);
    }
  }

  /** The worker JVM's process id. */
  public long pid() {
    return process.pid();
  }

  public boolean alive() {
    return process.isAlive();
  }

  /** Whether the worker's REST API answers the list of connectors: it has started and takes connectors. */
  public boolean ready() {
    try {
      HttpResponse<String> response = http.send(
          HttpRequest.newBuilder(rest.resolve("/connectors"))
              .timeout(REQUEST_TIMEOUT)
              .GET()
              .build(),
          HttpResponse.BodyHandlers.ofString());
      return response.statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while asking Kafka Connect whether it runs", e);
    }
  }

  /**
   * Adds a connector through the REST API ({@code POST /connectors}), as a user adds one to a running worker;
   * fails with the worker's answer unless it created the connector.
   *
   * @param connector the connector's properties, its {@code name} among them
   */
  public void createConnector(Map<String, String> connector) {
    ObjectNode request = JSON.createObjectNode();
    request.put("name", connector.get("name"));
    ObjectNode config = request.putObject("config");
    connector.forEach(config::put);
    try {
      HttpResponse<String> response = http.send(
          HttpRequest.newBuilder(rest.resolve("/connectors"))
              .timeout(CREATE_TIMEOUT)
              .header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(request)))
              .build(),
          HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 201) {
        throw new IllegalStateException("Kafka Connect did not create connector "
            + connector.get("name") + ": HTTP " + response.statusCode() + " " + response.body());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot add connector " + connector.get("name") + " to Kafka Connect at " + rest, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while adding a connector to Kafka Connect", e);
    }
  }

  /**
   * The state of the connector's first task as the worker's REST API reports it (RUNNING, FAILED, ...), with the
   * task's trace after a colon when it failed; empty while the worker does not answer or has no task yet.
   */
  public String taskState() {
    try {
      HttpResponse<String> response = http.send(
          HttpRequest.newBuilder(status).timeout(REQUEST_TIMEOUT).GET().build(),
          HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        return "";
      }
      JsonNode task = JSON.readTree(response.body()).path("tasks").path(0);
      String state = task.path("state").asText("");
      return task.has("trace") ? state + ": " + task.path("trace").asText() : state;
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(
          "Interrupted while asking Kafka Connect for its task's state", e);
    }
  }

  public Path log() {
    return log;
  }

  /** The last lines of the worker's log, for failure messages. */
  public String logTail() {
    try {
      List<String> lines = Files.readAllLines(log, UTF_8);
      return String.join(
          "\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
    } catch (IOException | UncheckedIOException e) {
      return "(cannot read " + log + ": " + e.getMessage() + ")";
    }
  }

  /** Kills the worker at once (SIGKILL): its task and the sink stop wherever they are. */
  public void kill() {
    try {
      process.destroyForcibly().waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    close();
  }

  /** Stops the worker: SIGTERM, so Connect stops its task, then a kill when it has not exited after ten seconds. */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    try {
      Runtime.getRuntime().removeShutdownHook(killer);
    } catch (IllegalStateException e) {
      // the JVM is shutting down: the hook runs anyway and finds the process gone
    }
  }

  private static void store(Map<String, String> values, Path file) throws IOException {
    Properties properties = new Properties();
    properties.putAll(values);
    try (Writer writer = Files.newBufferedWriter(file, UTF_8)) {
      properties.store(writer, null);
    }
  }
}
