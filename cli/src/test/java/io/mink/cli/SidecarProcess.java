package io.mink.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** {@code mink serve} in a JVM of its own, its output read line by line, killable with SIGKILL. */
final class SidecarProcess implements AutoCloseable {
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
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx512m",
        "-D" + ServeCommand.COMMIT_PAUSE_PROPERTY + "=" + commitPauseMillis,
        "-cp", System.getProperty("java.class.path"),
        Main.class.getName(), "serve", "--config", config.toString()));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
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

  /** SIGKILL: no shutdown hook, no flush, nothing. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      kill();
    }
  }
}
