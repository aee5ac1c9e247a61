package io.mink.samples.local;

import io.mink.cli.Main;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * {@code mink serve} in a JVM of its own, as {@code bin/mink serve} runs it, with {@code MINK_*} variables, so that it
 * can be stopped as Ctrl-C stops it, while Kafka still runs.
 */
public final class MinkServeProcess implements AutoCloseable {
  private static final List<String> FORWARDED_PROPERTIES = List.of("aws.accessKeyId", "aws.secretAccessKey",
      "log4j2.configurationFile");

  private final Process process;
  private final Path log;

  private MinkServeProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  /** Starts it with its output on this process's standard output and error. */
  public static MinkServeProcess start(Map<String, String> variables, Path workingDirectory) {
    return start(variables, workingDirectory, null);
  }

  /** Starts it with its output in a file, such as {@code target/mink-serve-*.log} in a test. */
  public static MinkServeProcess startLogging(Map<String, String> variables, Path workingDirectory, Path log) {
    return start(variables, workingDirectory, log);
  }

  private static MinkServeProcess start(Map<String, String> variables, Path workingDirectory, Path log) {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx1g"));
    for (String property : FORWARDED_PROPERTIES) {
      if (System.getProperty(property) != null) {
        command.add("-D" + property + "=" + System.getProperty(property));
      }
    }
    command.addAll(List.of("-cp", absoluteClasspath(), Main.class.getName(), "serve"));
    ProcessBuilder builder = new ProcessBuilder(command).directory(workingDirectory.toFile());
    if (log == null) {
      builder.inheritIO();
    } else {
      File file = log.toFile();
      builder.redirectErrorStream(true).redirectOutput(Redirect.appendTo(file));
    }
    builder.environment().putAll(variables);
    try {
      return new MinkServeProcess(builder.start(), log);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start mink serve in a JVM of its own: " + command.get(0), e);
    }
  }

  /** This JVM's classpath with every entry absolute, since the sidecar runs in another working directory. */
  private static String absoluteClasspath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .map(entry -> Path.of(entry).toAbsolutePath().toString())
        .collect(Collectors.joining(File.pathSeparator));
  }

  /** Fails, saying how it ended, when the sidecar is no longer running. */
  public void checkRunning() {
    if (!process.isAlive()) {
      throw new IllegalStateException("mink serve exited with code " + process.exitValue() + ": see its output "
          + (log == null ? "above" : "in " + log));
    }
  }

  /** The sidecar's output so far, when it goes to a file. */
  public String output() {
    if (log == null) {
      return "(on standard output)";
    }
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return "(cannot read " + log + ": " + e.getMessage() + ")";
    }
  }

  /** Stops it as Ctrl-C does, and kills it if it has not stopped within 20 seconds. */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
