package io.mink.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import java.io.File;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Java's application class-data sharing (CDS) for the sidecars this JVM starts, when the system property
 * {@value #DIRECTORY_PROPERTY} names a directory (the cli module's ITs set it to {@code target/class-archive}). One
 * sidecar records the classes it loaded into an archive as it exits ({@code -XX:ArchiveClassesAtExit}); every later
 * sidecar on the same classpath maps that archive ({@code -XX:SharedArchiveFile}) instead of reading, parsing and
 * verifying those classes again, which takes about 40% off the CPU a sidecar uses to start.
 *
 * <p>The test JVMs of a module share the directory. One sidecar at a time dumps, under a lock on a file beside the
 * archive that its test JVM holds until the sidecar has exited; sidecars started meanwhile start without an
 * archive. The dump goes to a temporary file, which a JVM must then map ({@code -Xshare:on}) before it is moved to
 * the archive's name in one step: a half-written archive crashes the JVM that maps it (SIGBUS). A sidecar killed
 * with SIGKILL writes nothing, and one that exits with another code than 0 or 143 (SIGTERM) may not have served;
 * then a later sidecar dumps, up to {@value #MAX_FAILED_DUMPS} tries per test JVM. Sidecars map the archive with
 * {@code -Xshare:auto}, so an archive that does not match costs speed, not a failure; its name is a hash of the
 * JDK, the classpath and each jar's size and modification time, so a rebuilt jar gets an archive of its own.
 *
 * <p>CDS archives classes from jars only, and refuses to dump when a non-empty directory precedes a jar it loaded
 * classes from, so the sidecars take this JVM's classpath with the jars first and the directories (a module's
 * {@code test-classes}, which hold no class a sidecar loads) after them.
 */
final class SidecarClassArchive {
  /** The system property naming the directory the archives are kept in; unset, sidecars start without one. */
  static final String DIRECTORY_PROPERTY = "mink.test.class-archive-dir";

  private static final int MAX_FAILED_DUMPS = 3;
  private static final int SIGTERM_EXIT = 143;
  private static final Duration CHECK_TIMEOUT = Duration.ofSeconds(60);
  /** The JVM's CDS warnings (classes it cannot archive, an archive it cannot map) stay out of the sidecar's output. */
  private static final List<String> QUIET = List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off");

  private static boolean dumping;
  private static int failedDumps;

  private SidecarClassArchive() {}

  /**
   * How one sidecar starts: the classpath to give it, the JVM options that map or dump the archive, and the dump to
   * finish when it exits, or null.
   */
  record Start(String classpath, List<String> jvmOptions, Dump dump) {
    Start {
      requireNonNull(classpath, "classpath is null");
      jvmOptions = List.copyOf(requireNonNull(jvmOptions, "jvmOptions is null"));
    }

    /** Publishes or discards the dump, if this sidecar makes one, once {@code process} has exited. */
    void afterExit(Process process) {
      if (dump == null) {
        return;
      }
      Thread waiter = new Thread(
          () -> {
            try {
              dump.finish(process.waitFor());
            } catch (InterruptedException e) {
              dump.discard();
              Thread.currentThread().interrupt();
            }
          },
          "mink-serve-class-archive-" + process.pid());
      waiter.setDaemon(true);
      waiter.start();
    }

    /** Gives the dump up when the sidecar did not start. */
    void abandon() {
      if (dump != null) {
        dump.discard();
      }
    }
  }

  /**
   * A sidecar dumping its classes to {@code temporary}, under {@code lock}; {@code java} and {@code classpath} check
   * that the result maps before it becomes {@code archive}.
   */
  record Dump(Path temporary, Path archive, FileChannel lock, String java, String classpath) {
    Dump {
      requireNonNull(temporary, "temporary is null");
      requireNonNull(archive, "archive is null");
      requireNonNull(lock, "lock is null");
      requireNonNull(java, "java is null");
      requireNonNull(classpath, "classpath is null");
    }

    void finish(int exitCode) {
      boolean published = false;
      try {
        if ((exitCode == 0 || exitCode == SIGTERM_EXIT) && maps()) {
          Files.move(temporary, archive, StandardCopyOption.ATOMIC_MOVE);
          published = true;
        }
      } catch (IOException e) {
        // not published: a later sidecar dumps again
      } finally {
        release(published);
      }
    }

    void discard() {
      release(false);
    }

    /** Whether a JVM on the same classpath maps the dump, as {@code -Xshare:on} requires. */
    private boolean maps() throws IOException {
      if (!Files.isRegularFile(temporary) || Files.size(temporary) == 0) {
        return false;
      }
      Process check = new ProcessBuilder(
              java,
              "-Xshare:on",
              "-XX:SharedArchiveFile=" + temporary,
              "-cp",
              classpath,
              "-version")
          .redirectErrorStream(true)
          .redirectOutput(Redirect.DISCARD)
          .start();
      try {
        if (!check.waitFor(CHECK_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
          check.destroyForcibly();
          return false;
        }
        return check.exitValue() == 0;
      } catch (InterruptedException e) {
        check.destroyForcibly();
        Thread.currentThread().interrupt();
        return false;
      }
    }

    private void release(boolean published) {
      try {
        if (!published) {
          Files.deleteIfExists(temporary);
        }
      } catch (IOException e) {
        // a stray temporary file under target/ does no harm
      } finally {
        try {
          lock.close();
        } catch (IOException e) {
          // closing the channel releases the lock; the OS releases it when this JVM exits in any
          // case
        }
        dumpEnded(published);
      }
    }
  }

  private static synchronized void dumpEnded(boolean published) {
    dumping = false;
    if (!published) {
      failedDumps++;
    }
  }

  /**
   * How a sidecar on {@code classpath} (this JVM's, its entries absolute) run by {@code java} starts: with the
   * archive of the directory {@value #DIRECTORY_PROPERTY} names, or on {@code classpath} as it is when it names none.
   */
  static Start plan(String java, List<String> classpath) {
    String directory = System.getProperty(DIRECTORY_PROPERTY);
    return directory == null || directory.isBlank()
        ? new Start(String.join(File.pathSeparator, classpath), List.of(), null)
        : plan(Path.of(directory), java, classpath);
  }

  /** As above, with the archives in {@code directory}; any I/O failure starts the sidecar without an archive. */
  static Start plan(Path directory, String java, List<String> classpath) {
    List<String> ordered = jarsFirst(classpath);
    String joined = String.join(File.pathSeparator, ordered);
    try {
      Path archives = Files.createDirectories(directory);
      String name = "mink-serve-" + key(java, ordered);
      Path archive = archives.resolve(name + ".jsa");
      synchronized (SidecarClassArchive.class) {
        if (Files.isRegularFile(archive)) {
          List<String> options =
              new ArrayList<>(List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto"));
          options.addAll(QUIET);
          return new Start(joined, options, null);
        }
        if (dumping || failedDumps >= MAX_FAILED_DUMPS) {
          return new Start(joined, List.of(), null);
        }
        FileChannel channel = FileChannel.open(
            archives.resolve(name + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = channel.tryLock();
        if (lock == null || Files.isRegularFile(archive)) {
          channel.close();
          return new Start(joined, List.of(), null);
        }
        Path temporary;
        try {
          temporary = Files.createTempFile(archives, name + "-", ".jsa.tmp");
        } catch (IOException e) {
          channel.close();
          throw e;
        }
        dumping = true;
        List<String> options = new ArrayList<>(List.of("-XX:ArchiveClassesAtExit=" + temporary));
        options.addAll(QUIET);
        return new Start(joined, options, new Dump(temporary, archive, channel, java, joined));
      }
    } catch (IOException e) {
      return new Start(joined, List.of(), null);
    }
  }

  /** The jars in their order, then every other entry in its order. */
  static List<String> jarsFirst(List<String> classpath) {
    List<String> ordered = new ArrayList<>();
    classpath.stream().filter(SidecarClassArchive::isJar).forEach(ordered::add);
    classpath.stream().filter(entry -> !isJar(entry)).forEach(ordered::add);
    return ordered;
  }

  private static boolean isJar(String entry) {
    return entry.endsWith(".jar") && Files.isRegularFile(Path.of(entry));
  }

  /** A hash of what an archive is valid for: the JDK, the classpath, and each jar's size and modification time. */
  private static String key(String java, List<String> classpath) throws IOException {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java has SHA-256", e);
    }
    digest.update((java + "\n" + System.getProperty("java.vm.version") + "\n").getBytes(UTF_8));
    for (String entry : classpath) {
      Path path = Path.of(entry);
      String stamp = isJar(entry)
          ? Files.size(path) + " " + Files.getLastModifiedTime(path).toMillis()
          : "";
      digest.update((entry + " " + stamp + "\n").getBytes(UTF_8));
    }
    return HexFormat.of().formatHex(digest.digest(), 0, 8);
  }
}
