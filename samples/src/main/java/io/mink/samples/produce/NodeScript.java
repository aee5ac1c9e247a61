package io.mink.samples.produce;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
  private static final String INSTALLED_MARKER = "node_modules/.package-lock.json";
  private static final long INSTALL_TIMEOUT_MINUTES = 5;
  /** The file whose lock makes one process at a time install the packages. */
  static final String INSTALL_LOCK = ".npm-install.lock";

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
   * packages cannot be installed. Installs the packages when they are missing, or waits while another process
   * installs them.
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
    return install();
  }

  /**
   * Installs the packages with {@code npm ci}, one process at a time: {@code npm ci} starts by deleting
   * {@code node_modules}, so two at once in one directory break each other's install. A lock on a file in the
   * directory keeps out the installs of other JVMs (two test JVMs, two producers started together), a lock on the
   * class those of this one; whoever waited finds the packages installed. The packages count as installed once
   * npm's hidden lockfile is there, which {@code npm ci} writes last, so a script never starts on a half-made
   * {@code node_modules}.
   */
  private Optional<String> install() {
    synchronized (NodeScript.class) {
      try (FileChannel lockFile = FileChannel.open(
          directory.resolve(INSTALL_LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
        lockFile.lock(); // released as the channel closes
        if (Files.isRegularFile(directory.resolve(INSTALLED_MARKER))) {
          return Optional.empty();
        }
        Optional<String> installed = run(
            List.of("npm", "ci", "--prefer-offline", "--no-audit", "--no-fund"),
            INSTALL_TIMEOUT_MINUTES * 60);
        if (installed.isEmpty() || !Files.isRegularFile(directory.resolve(INSTALLED_MARKER))) {
          return Optional.of("'npm ci' in " + directory
              + " failed (run it there to see why; it needs the npm registry or npm's cache)");
        }
        return Optional.empty();
      } catch (IOException e) {
        return Optional.of("Cannot lock " + directory.resolve(INSTALL_LOCK)
            + " to install the npm packages: " + e.getMessage()
            + " (make the directory writable, or run 'npm ci' in it)");
      }
    }
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
