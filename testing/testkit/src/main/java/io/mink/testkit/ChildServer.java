package io.mink.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * A server in a JVM of its own, on a classpath of its own: its output goes to a log file under {@code target/},
 * and it is ready once an HTTP GET of its readiness URL answers 2xx. A port that another process took between
 * choosing and binding it is chosen again. The process is killed when the test JVM exits without closing it.
 */
final class ChildServer implements AutoCloseable {
  /** Options that start a small server JVM quickly; these servers do little work. */
  static final List<String> JVM_OPTIONS = List.of(
      "-Xmx512m",
      "-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1",
      "--add-opens=java.base/java.nio=ALL-UNNAMED");

  private static final int PORT_ATTEMPTS = 3;
  private static final int LOG_TAIL_LINES = 40;
  private static final Duration POLL_INTERVAL = Duration.ofMillis(100);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
  private static final List<String> PORT_IN_USE =
      List.of("Address already in use", "was already in use");

  /**
   * How to start the server on one port.
   *
   * @param command the full command line
   * @param environment variables to set on top of the inherited ones
   * @param droppedPrefix inherited variables starting with this are removed first, or null to keep all
   * @param readiness the URL that answers 2xx once the server is ready
   * @param readyBody whether the body of a 2xx answer says the server is ready, for servers that answer before
   */
  record Launch(
      List<String> command,
      Map<String, String> environment,
      String droppedPrefix,
      URI readiness,
      Predicate<String> readyBody) {
    Launch {
      command = List.copyOf(requireNonNull(command, "command is null"));
      environment = Map.copyOf(requireNonNull(environment, "environment is null"));
      requireNonNull(readiness, "readiness is null");
      requireNonNull(readyBody, "readyBody is null");
    }

    /** A server that is ready once the readiness URL answers 2xx, whatever the body. */
    Launch(
        List<String> command,
        Map<String, String> environment,
        String droppedPrefix,
        URI readiness) {
      this(command, environment, droppedPrefix, readiness, body -> true);
    }
  }

  private enum Readiness {
    READY,
    EXITED,
    TIMED_OUT
  }

  private final String name;
  private final Process process;
  private final int port;
  private final Path log;
  private final Duration startup;
  private final Thread killer;

  private ChildServer(String name, Process process, int port, Path log, Duration startup) {
    this.name = name;
    this.process = process;
    this.port = port;
    this.log = log;
    this.startup = startup;
    this.killer = new Thread(process::destroyForcibly, name + "-killer");
    Runtime.getRuntime().addShutdownHook(killer);
  }

  /** {@code java} of this JVM with the options, classpath and main class. */
  static List<String> javaCommand(String classpath, String mainClass) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(JVM_OPTIONS);
    command.addAll(List.of("-cp", classpath, mainClass));
    return command;
  }

  /**
   * Starts the server on {@code fixedPort}, or on a free port (chosen again when taken meanwhile) when that is
   * empty, and waits until it is ready.
   */
  static ChildServer start(
      String name, OptionalInt fixedPort, IntFunction<Launch> launchOnPort, Duration timeout) {
    for (int attempt = 1; ; attempt++) {
      int port = fixedPort.isPresent() ? fixedPort.getAsInt() : freePort();
      Launch launch = launchOnPort.apply(port);
      Path log = logFile(name);
      long started = System.nanoTime();
      Process process = spawn(name, launch, log);
      Readiness readiness = awaitReady(process, launch, timeout);
      if (readiness == Readiness.READY) {
        return new ChildServer(
            name, process, port, log, Duration.ofNanos(System.nanoTime() - started));
      }
      stop(process);
      String tail = logTail(log);
      if (readiness == Readiness.EXITED
          && fixedPort.isEmpty()
          && attempt < PORT_ATTEMPTS
          && PORT_IN_USE.stream().anyMatch(tail::contains)) {
        continue;
      }
      String what = readiness == Readiness.EXITED
          ? name + " exited with status " + process.exitValue() + " before it was ready at "
              + launch.readiness()
          : name + " was not ready at " + launch.readiness() + " within " + timeout.toSeconds()
              + " s; it was stopped";
      throw new IllegalStateException(what + ". The end of its log " + log + ":\n" + tail);
    }
  }

  int port() {
    return port;
  }

  Path log() {
    return log;
  }

  /** How long the server took from its start until it answered. */
  Duration startup() {
    return startup;
  }

  /** Whether the server still runs. */
  boolean alive() {
    return process.isAlive();
  }

  /** The last lines of the server's log, for failure messages. */
  String logTail() {
    return logTail(log);
  }

  /** Kills the server with SIGKILL, as a crash would: it writes nothing more and cleans nothing up. */
  void kill() {
    try {
      process.destroyForcibly().waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while killing " + name, e);
    }
    try {
      Runtime.getRuntime().removeShutdownHook(killer);
    } catch (IllegalStateException e) {
      // the JVM is shutting down: the hook runs anyway and finds the process gone
    }
  }

  /** Stops the server: a polite signal first, then a kill when it has not exited after ten seconds. */
  @Override
  public void close() {
    stop(process);
    try {
      Runtime.getRuntime().removeShutdownHook(killer);
    } catch (IllegalStateException e) {
      // the JVM is shutting down: the hook runs anyway and finds the process gone
    }
  }

  @Override
  public String toString() {
    return name + " on port " + port;
  }

  /** A port nobody listens on right now. */
  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot find a free local port", e);
    }
  }

  /** Deletes a directory a harness made, with everything in it. */
  static void deleteRecursively(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + root + ": delete it by hand", e);
    }
  }

  private static Process spawn(String name, Launch launch, Path log) {
    ProcessBuilder builder =
        new ProcessBuilder(launch.command()).redirectErrorStream(true).redirectOutput(log.toFile());
    if (launch.droppedPrefix() != null) {
      builder.environment().keySet().removeIf(key -> key.startsWith(launch.droppedPrefix()));
    }
    builder.environment().putAll(launch.environment());
    try {
      return builder.start();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start " + launch.command().get(0) + " for " + name, e);
    }
  }

  /**
   * Polls the readiness URI until it answers 2xx with a body that says ready, or the process exits; TIMED_OUT when
   * neither happens in time.
   */
  private static Readiness awaitReady(Process process, Launch launch, Duration timeout) {
    URI readiness = launch.readiness();
    HttpClient http =
        HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    HttpRequest request =
        HttpRequest.newBuilder(readiness).timeout(Duration.ofSeconds(5)).GET().build();
    try {
      return Awaitility.await(readiness + " to answer")
          .atMost(timeout)
          .pollInSameThread()
          .pollDelay(Duration.ZERO)
          .pollInterval(POLL_INTERVAL)
          .until(() -> probe(process, http, request, launch.readyBody()), Objects::nonNull);
    } catch (ConditionTimeoutException e) {
      return process.isAlive() ? Readiness.TIMED_OUT : Readiness.EXITED;
    }
  }

  /** EXITED or READY, or null while the server does not answer yet. */
  private static Readiness probe(
      Process process, HttpClient http, HttpRequest request, Predicate<String> readyBody) {
    if (!process.isAlive()) {
      return Readiness.EXITED;
    }
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      int status = response.statusCode();
      return status >= 200 && status < 300 && readyBody.test(response.body())
          ? Readiness.READY
          : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IllegalStateException("Interrupted while waiting for " + request.uri(), e);
    }
  }

  private static Path logFile(String name) {
    Path target = Path.of("target");
    try {
      return Files.isDirectory(target)
          ? Files.createTempFile(target, name + "-", ".log")
          : Files.createTempFile(name + "-", ".log");
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create a log file for " + name + " in " + target.toAbsolutePath()
              + " or java.io.tmpdir: check that one is writable",
          e);
    }
  }

  private static String logTail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, UTF_8);
      return String.join(
          "\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
    } catch (IOException | UncheckedIOException e) {
      return "(cannot read the log: " + e.getMessage() + ")";
    }
  }

  private static void stop(Process process) {
    process.destroy();
    try {
      if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
