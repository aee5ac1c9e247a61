package io.mink.indexer.stats;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Prometheus' promtool, found on the PATH, run on files of one folder. */
final class Promtool {
  /** Set (to anything) where promtool must be present, as in CI: its absence then fails the tests. */
  static final String REQUIRE_VARIABLE = "MINK_REQUIRE_PROMTOOL";

  static final String MISSING =
      "promtool is not on the PATH, so the alerting rules in deploy/prometheus were not "
          + "checked: install it with apt-get install prometheus (Debian, Ubuntu; it ships promtool) or from "
          + "https://prometheus.io/download/, then run the tests again";

  record Run(int exitCode, String output) {}

  private final Path executable;

  private Promtool(Path executable) {
    this.executable = executable;
  }

  /** The promtool on the PATH; empty when there is none. */
  static Optional<Promtool> onPath() {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String folder : path.split(File.pathSeparator)) {
      if (folder.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(folder, "promtool");
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(new Promtool(candidate));
      }
    }
    return Optional.empty();
  }

  static boolean required() {
    String value = System.getenv(REQUIRE_VARIABLE);
    return value != null && !value.isBlank();
  }

  /** Runs promtool with {@code arguments} in {@code folder}; its output is stdout and stderr together. */
  Run run(Path folder, String... arguments) {
    List<String> command = new ArrayList<>();
    command.add(executable.toString());
    command.addAll(List.of(arguments));
    try {
      Process process = new ProcessBuilder(command)
          .directory(folder.toFile())
          .redirectErrorStream(true)
          .start();
      process.getOutputStream().close();
      byte[] output = process.getInputStream().readAllBytes();
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(String.join(" ", command) + " did not end within 60 s");
      }
      return new Run(process.exitValue(), new String(output, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot run " + String.join(" ", command), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while running " + executable, e);
    }
  }
}
