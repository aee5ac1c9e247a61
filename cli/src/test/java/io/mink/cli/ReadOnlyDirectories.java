package io.mink.cli;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Makes every directory of a tree read-only, as a full disk, a read-only remount or a lost permission would: no
 * file can be created or deleted in them. As root, whom permissions do not stop, the directories are made
 * immutable with chattr; otherwise their write permission is taken away. {@link #close()} undoes it.
 */
final class ReadOnlyDirectories implements AutoCloseable {
  private final List<Path> directories;
  private final boolean immutable;

  private ReadOnlyDirectories(List<Path> directories, boolean immutable) {
    this.directories = directories;
    this.immutable = immutable;
  }

  static ReadOnlyDirectories of(Path root) throws IOException {
    List<Path> directories;
    try (Stream<Path> paths = Files.walk(root)) {
      directories = paths.filter(Files::isDirectory).toList();
    }
    boolean immutable = "root".equals(System.getProperty("user.name"));
    ReadOnlyDirectories readOnly = new ReadOnlyDirectories(directories, immutable);
    readOnly.apply(true);
    Path probe = root.resolve("read-only-probe");
    try {
      Files.createFile(probe);
      Files.delete(probe);
      readOnly.close();
      throw new IllegalStateException(
          "Cannot make " + root + " read-only: a file could still be created in it"
              + (immutable ? "; the file system must support chattr +i" : ""));
    } catch (IOException expected) {
      return readOnly;
    }
  }

  @Override
  public void close() {
    apply(false);
  }

  private void apply(boolean readOnly) {
    if (immutable) {
      List<String> command = new ArrayList<>(List.of("chattr", readOnly ? "+i" : "-i"));
      directories.forEach(directory -> command.add(directory.toString()));
      run(command);
      return;
    }
    for (Path directory : directories) {
      try {
        Files.setPosixFilePermissions(
            directory, PosixFilePermissions.fromString(readOnly ? "r-xr-xr-x" : "rwxr-xr-x"));
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot change the permissions of " + directory, e);
      }
    }
  }

  private static void run(List<String> command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), UTF_8);
      if (process.waitFor() != 0) {
        throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot run " + command.get(0) + " (e2fsprogs)", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while running " + command, e);
    }
  }
}
