package io.mink.samples;

import io.mink.cli.Main;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code mink serve} in a JVM of its own, as {@code bin/mink serve} runs it, with {@code MINK_*} variables, so that a
 * test can stop it when it is done. Its output goes to {@code target/mink-serve-*.log}.
 */
final class MinkServeProcess implements AutoCloseable {
  private final Process process;
  private final Path log;

  private MinkServeProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  static MinkServeProcess start(Map<String, String> variables, Path workingDirectory) {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx512m"));
    for (String awsProperty : List.of("aws.accessKeyId", "aws.secretAccessKey")) {
      if (System.getProperty(awsProperty) != null) {
        command.add("-D" + awsProperty + "=" + System.getProperty(awsProperty));
      }
    }
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "serve"));
    try {
      Path log = Files.createTempFile(Files.createDirectories(Path.of("target")), "mink-serve-", ".log");
      ProcessBuilder builder = new ProcessBuilder(command).directory(workingDirectory.toFile())
          .redirectErrorStream(true).redirectOutput(log.toFile());
      builder.environment().putAll(variables);
      return new MinkServeProcess(builder.start(), log);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start mink serve in a JVM of its own", e);
    }
  }

  /** The sidecar's output so far, for a failure message. */
  String output() {
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
