package io.mink.samples.produce;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The Node.js script under {@code samples/node} that serializes orders with Confluent's npm serializers, and the
 * Node.js that runs it. Its npm packages are installed on first use with {@code npm ci}.
 *
 * @param directory the {@code samples/node} directory
 */
public record NodeScript(Path directory) {
  /** The system property that names the {@code samples/node} directory; the start scripts set it. */
  public static final String DIRECTORY_PROPERTY = "mink.samples.node";

  static final String SCRIPT = "serialize-orders.mjs";
  private static final String INSTALLED_MARKER =
      "node_modules/@confluentinc/schemaregistry/package.json";
  private static final long INSTALL_TIMEOUT_MINUTES = 5;

  /** The script's directory: the system property, else {@code samples/node} or {@code node} above the working one. */
  public static NodeScript locate() {
    String property = System.getProperty(DIRECTORY_PROPERTY);
    if (property != null) {
      return new NodeScript(Path.of(property).toAbsolutePath());
    }
    for (Path at = Path.of("").toAbsolutePath(); at != null; at = at.getParent()) {
      for (Path candidate : List.of(at.resolve("samples").resolve("node"), at.resolve("node"))) {
        if (Files.isRegularFile(candidate.resolve(SCRIPT))) {
          return new NodeScript(candidate);
        }
      }
    }
    return new NodeScript(Path.of("samples", "node").toAbsolutePath());
  }

  /**
   * Why the script cannot run here, or empty when it can: no {@code node} on the PATH, no script, or its npm
   * packages cannot be installed. Installs the packages when they are missing.
   */
  public Optional<String> unavailableReason() {
    if (!Files.isRegularFile(directory.resolve(SCRIPT))) {
      return Optional.of("there is no " + directory.resolve(SCRIPT) + " (set -D"
          + DIRECTORY_PROPERTY + " to the samples/node directory of a Mink checkout)");
    }
    Optional<String> node = run(List.of("node", "--version"), 1);
    if (node.isEmpty()) {
      return Optional.of("node is not on the PATH (install Node.js 20 or later)");
    }
    if (Files.isRegularFile(directory.resolve(INSTALLED_MARKER))) {
      return Optional.empty();
    }
    Optional<String> installed = run(
        List.of("npm", "ci", "--prefer-offline", "--no-audit", "--no-fund"),
        INSTALL_TIMEOUT_MINUTES * 60);
    if (installed.isEmpty() || !Files.isRegularFile(directory.resolve(INSTALLED_MARKER))) {
      return Optional.of("'npm ci' in " + directory
          + " failed (run it there to see why; it needs the npm registry" + " or npm's cache)");
    }
    return Optional.empty();
  }

  /** The command that runs the script with these arguments. */
  List<String> command(List<String> arguments) {
    List<String> command =
        new java.util.ArrayList<>(List.of("node", directory.resolve(SCRIPT).toString()));
    command.addAll(arguments);
    return command;
  }

  /** The command's output when it exits with 0 within the time, else empty. */
  private Optional<String> run(List<String> command, long timeoutSeconds) {
    try {
      Path output = Files.createTempFile("mink-samples-node", ".log");
      try {
        Process process = new ProcessBuilder(command)
            .directory(directory.toFile())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
          process.destroyForcibly();
          return Optional.empty();
        }
        return process.exitValue() == 0
            ? Optional.of(Files.readString(output, StandardCharsets.UTF_8).strip())
            : Optional.empty();
      } finally {
        Files.deleteIfExists(output);
      }
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}
