package io.mink.bench.scale;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JVM's live heap, read from outside with the JDK's {@code jcmd}: {@code GC.run} has it collect its whole heap
 * (a full collection with G1), then {@code GC.heap_info} tells the heap in use, which right after that collection is
 * what the JVM still holds: its live data. Another process reading does not disturb the measured one beyond the one
 * collection.
 */
final class LiveHeap {
  /**
   * A heap space's line: G1 has one ({@code garbage-first heap   total 1048576K, used 52345K [0x...}), the serial
   * and parallel collectors one per generation, which are added up.
   */
  private static final Pattern HEAP_USED = Pattern.compile("total\\s+(\\d+)K,\\s+used\\s+(\\d+)K");

  private static final Pattern METASPACE_USED = Pattern.compile("Metaspace\\s+used\\s+(\\d+)K");
  private static final long TIMEOUT_SECONDS = 120;

  /**
   * What one reading found.
   *
   * @param usedBytes the heap in use right after the full collection
   * @param committedBytes the heap the JVM has committed
   * @param metaspaceBytes the class metadata in use, outside the heap
   * @param seconds how long the collection and the reading took
   */
  record Reading(long usedBytes, long committedBytes, long metaspaceBytes, double seconds) {}

  private LiveHeap() {}

  /** Collects the heap of process {@code pid} and reads what it still holds. */
  static Reading read(long pid) {
    long started = System.nanoTime();
    jcmd(pid, "GC.run");
    String info = jcmd(pid, "GC.heap_info");
    Matcher heap = HEAP_USED.matcher(info);
    long totalKib = 0;
    long usedKib = 0;
    boolean found = false;
    while (heap.find()) {
      found = true;
      totalKib += Long.parseLong(heap.group(1));
      usedKib += Long.parseLong(heap.group(2));
    }
    if (!found) {
      throw new IllegalStateException(
          "jcmd " + pid + " GC.heap_info printed no heap line: " + info);
    }
    Matcher metaspace = METASPACE_USED.matcher(info);
    return new Reading(
        usedKib * 1024,
        totalKib * 1024,
        metaspace.find() ? Long.parseLong(metaspace.group(1)) * 1024 : -1,
        (System.nanoTime() - started) / 1e9);
  }

  private static String jcmd(long pid, String command) {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    ProcessBuilder builder = new ProcessBuilder(
            List.of(jcmd.toString(), Long.toString(pid), command))
        .redirectErrorStream(true);
    try {
      Process process = builder.start();
      byte[] output = process.getInputStream().readAllBytes();
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
        process.destroyForcibly();
        throw new IllegalStateException("jcmd " + pid + " " + command + " failed: "
            + new String(output, StandardCharsets.UTF_8));
      }
      return new String(output, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot run " + jcmd + " for process " + pid, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while running jcmd " + command, e);
    }
  }
}
