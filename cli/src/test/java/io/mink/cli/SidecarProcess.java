package io.mink.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** {@code mink serve} in a JVM of its own, its output read line by line, killable with SIGKILL. */
final class SidecarProcess implements AutoCloseable {
  /**
   * The environment every test sidecar gets unless a test sets it: a one-second session in the ownership
   * group, so a restarted sidecar does not wait the default ten seconds for its killed predecessor to be
   * dropped from the group (the test broker allows sessions down to 500 ms).
   */
  static final Map<String, String> TEST_ENVIRONMENT = Map.of("MINK_INDEXER_SESSION_TIMEOUT", "1s",
      "MINK_INDEXER_HTTP_PORT", "0");

  private final Process process;
  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
  private final List<String> transcript = new ArrayList<>();

  private SidecarProcess(Process process) {
    this.process = process;
    Thread reader = new Thread(() -> {
      try (BufferedReader out = new BufferedReader(
          new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          lines.add(line);
        }
      } catch (IOException e) {
        // the process is gone
      }
    }, "sidecar-output");
    reader.setDaemon(true);
    reader.start();
  }

  static SidecarProcess start(Path config, long commitPauseMillis) throws IOException {
    return start(config, commitPauseMillis, Map.of());
  }

  /** Starts a sidecar with {@code environment} added to this JVM's and {@link #TEST_ENVIRONMENT}. */
  static SidecarProcess start(Path config, long commitPauseMillis, Map<String, String> environment)
      throws IOException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx512m",
        "-D" + ServeCommand.COMMIT_PAUSE_PROPERTY + "=" + commitPauseMillis,
        "-cp", System.getProperty("java.class.path"),
        Main.class.getName(), "serve", "--config", config.toString()));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(TEST_ENVIRONMENT);
    builder.environment().putAll(environment);
    return new SidecarProcess(builder.start());
  }

  /** Waits for a line containing {@code text}; fails with the transcript if the process says nothing of it. */
  String await(String text, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      String line = lines.poll(100, TimeUnit.MILLISECONDS);
      if (line != null) {
        transcript.add(line);
        if (line.contains(text)) {
          return line;
        }
      } else if (!process.isAlive() && lines.isEmpty()) {
        break;
      }
    }
    throw new AssertionError("The sidecar did not print '" + text + "' within " + timeout.toSeconds()
        + "s; its output:\n" + String.join("\n", transcript));
  }

  /**
   * Waits for the next line containing {@code text}, reading on from the last line read; false when none comes
   * within the timeout or the process ends.
   */
  boolean awaitNext(String text, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      String line = lines.poll(100, TimeUnit.MILLISECONDS);
      if (line != null) {
        transcript.add(line);
        if (line.contains(text)) {
          return true;
        }
      } else if (!process.isAlive() && lines.isEmpty()) {
        return false;
      }
    }
    return false;
  }

  /** Whether the sidecar printed a line containing {@code text} so far. */
  boolean printed(String text) {
    lines.drainTo(transcript);
    return transcript.stream().anyMatch(line -> line.contains(text));
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** Every line the sidecar printed so far, for a failure message. */
  String output() {
    lines.drainTo(transcript);
    return String.join("\n", transcript);
  }

  /** SIGKILL: no shutdown hook, no flush, nothing. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      try {
        kill();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
