package io.mink.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code mink serve} in a JVM of its own, on this JVM's classpath, as {@code bin/mink serve} runs it: a sidecar a
 * test, a sample or a benchmark can stop as an operator does (SIGTERM) or kill (SIGKILL) while Kafka runs on. Its
 * output (standard output and error) is read line by line: kept for {@link #await} and {@link #output()}, and
 * appended to a log file, shown on this process's standard output or handed to a listener as the launch says. With
 * the system property {@value SidecarClassArchive#DIRECTORY_PROPERTY} set, the sidecars of the test JVMs share one
 * class-data archive, which cuts the CPU each start takes ({@link SidecarClassArchive}).
 */
public final class SidecarProcess implements AutoCloseable {
  /** The mink command's main class; this module does not depend on the cli module, whose class it is. */
  public static final String MAIN_CLASS = "io.mink.cli.Main";

  /**
   * The system property whose value, options separated by spaces, every sidecar JVM gets before its launch's own
   * options: a module's tests set it for all their sidecars, as the cli module sets {@code -XX:TieredStopAtLevel=1}.
   */
  public static final String JVM_OPTIONS_PROPERTY = "mink.test.sidecar-jvm-options";

  private static final Duration STOP_GRACE = Duration.ofSeconds(30);
  private static final int TAIL_LINES = 40;

  private final Process process;
  private final SidecarLaunch launch;
  private final List<String> lines = new ArrayList<>();
  private int awaited;
  private boolean ended;

  /** What Arrow's memory needs on Java 17 and later, as bin/mink passes it. */
  private static final String ARROW_MEMORY_ACCESS = "--add-opens=java.base/java.nio=ALL-UNNAMED";

  private SidecarProcess(Process process, SidecarLaunch launch) {
    this.process = process;
    this.launch = launch;
    Thread reader = new Thread(this::read, "mink-serve-" + process.pid() + "-output");
    reader.setDaemon(true);
    reader.start();
  }

  /** Starts the sidecar; its JVM runs until {@link #stop()}, {@link #kill()} or {@link #close()}. */
  public static SidecarProcess start(SidecarLaunch launch) {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    SidecarClassArchive.Start classes = SidecarClassArchive.plan(java, absoluteClasspath());
    List<String> command = new ArrayList<>();
    command.add(java);
    command.add(ARROW_MEMORY_ACCESS);
    command.addAll(jvmOptionsOfTheTests());
    command.addAll(launch.jvmOptions());
    command.addAll(classes.jvmOptions());
    command.addAll(List.of("-cp", classes.classpath(), MAIN_CLASS, "serve"));
    command.addAll(launch.serveArguments());
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    if (launch.workingDirectory() != null) {
      builder.directory(launch.workingDirectory().toFile());
    }
    builder.environment().putAll(launch.environment());
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      classes.abandon();
      throw new UncheckedIOException(
          "Cannot start mink serve in a JVM of its own with " + command.get(0) + ": "
              + e.getMessage(),
          e);
    }
    classes.afterExit(process);
    return new SidecarProcess(process, launch);
  }

  private static List<String> jvmOptionsOfTheTests() {
    String options = System.getProperty(JVM_OPTIONS_PROPERTY, "").strip();
    return options.isEmpty() ? List.of() : List.of(options.split("\\s+"));
  }

  /** This JVM's classpath with every entry absolute, since the sidecar may run in another working directory. */
  private static List<String> absoluteClasspath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .map(entry -> Path.of(entry).toAbsolutePath().toString())
        .toList();
  }

  private void read() {
    try (BufferedReader out =
            new BufferedReader(new InputStreamReader(process.getInputStream(), UTF_8));
        BufferedWriter log = launch.log() == null
            ? null
            : Files.newBufferedWriter(
                launch.log(), UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (log != null) {
          log.write(line);
          log.newLine();
          log.flush();
        }
        if (launch.echo()) {
          System.out.println(line);
        }
        launch.onLine().accept(line);
        synchronized (this) {
          lines.add(line);
          notifyAll();
        }
      }
    } catch (IOException e) {
      // the process is gone; isAlive() and the waits tell
    } finally {
      synchronized (this) {
        ended = true;
        notifyAll();
      }
    }
  }

  /**
   * Waits for the next line containing {@code text}, reading on from the last line a wait read; fails with the
   * output so far if none comes within the timeout or the process ends first.
   */
  public String await(String text, Duration timeout) throws InterruptedException {
    String line = awaitLine(text, timeout);
    if (line == null) {
      throw new AssertionError("The sidecar did not print '" + text + "' within "
          + timeout.toSeconds() + "s; its output:\n" + output());
    }
    return line;
  }

  /** Like {@link #await}, false instead of a failure when no such line comes. */
  public boolean awaitNext(String text, Duration timeout) throws InterruptedException {
    return awaitLine(text, timeout) != null;
  }

  private synchronized String awaitLine(String text, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      while (awaited < lines.size()) {
        String line = lines.get(awaited++);
        if (line.contains(text)) {
          return line;
        }
      }
      long left = deadline - System.nanoTime();
      if (ended || left <= 0) {
        return null;
      }
      TimeUnit.NANOSECONDS.timedWait(this, Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
    }
  }

  /** Whether the sidecar printed a line containing {@code text} so far; the next wait reads on from here. */
  public synchronized boolean printed(String text) {
    awaited = lines.size();
    return lines.stream().anyMatch(line -> line.contains(text));
  }

  /** Every line the sidecar printed so far; the next wait reads on from here. */
  public synchronized String output() {
    awaited = lines.size();
    return String.join("\n", lines);
  }

  /** Its last lines, for a failure message. */
  public synchronized String tail() {
    return String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** Its exit code; fails while it runs. */
  public int exitValue() {
    return process.exitValue();
  }

  /** Fails, saying how it ended, when the sidecar no longer runs. */
  public void checkRunning() {
    if (!process.isAlive()) {
      String output = launch.log() != null
          ? "in " + launch.log()
          : launch.echo() ? "above" : "here:\n" + tail();
      throw new IllegalStateException(
          "mink serve exited with code " + process.exitValue() + ": see its output " + output);
    }
  }

  /** SIGKILL: no shutdown hook, no flush, nothing. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(STOP_GRACE.toSeconds(), TimeUnit.SECONDS);
  }

  /**
   * Stops it the way an operator does, SIGTERM, and waits for it to leave; kills it if it does not within 30 s.
   * Returns its exit code, -1 if it still runs.
   */
  public int stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(STOP_GRACE.toSeconds(), TimeUnit.SECONDS)) {
      kill();
    }
    return process.isAlive() ? -1 : process.exitValue();
  }

  /** Stops it if it still runs; an interrupt kills it at once. */
  @Override
  public void close() {
    if (process.isAlive()) {
      try {
        stop();
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }
}
