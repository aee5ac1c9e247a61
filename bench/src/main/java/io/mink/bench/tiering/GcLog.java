package io.mink.bench.tiering;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a JVM's {@code -Xlog:gc} file says about its heap: every pause line carries the heap in use
 * before and after it and the heap committed, in MiB ({@code Pause Young (Normal) (G1 Evacuation Pause)
 * 300M->120M(1024M) 12.345ms}). Between collections the heap in use only grows, so the largest
 * "before" is the peak heap used (up to the last collection); the largest "after" is the most the
 * heap still held right after a collection, live data plus the garbage that collection left (old
 * regions a young collection does not touch).
 *
 * @param pauses the pauses logged
 * @param fullCollections how many of them were full collections
 * @param pauseMillis their time together
 * @param peakUsedMiB the largest heap in use before a pause, -1 without pauses
 * @param peakAfterMiB the largest heap in use after a pause, -1 without pauses
 * @param peakAfterFullMiB the largest heap in use after a full collection, -1 without one
 * @param peakCommittedMiB the largest heap the JVM had committed
 * @param evacuationFailures G1 pauses that ran out of space to copy to ("To-space exhausted" or
 *     "Evacuation Failure"): the heap was full
 */
record GcLog(
    int pauses,
    int fullCollections,
    double pauseMillis,
    long peakUsedMiB,
    long peakAfterMiB,
    long peakAfterFullMiB,
    long peakCommittedMiB,
    int evacuationFailures) {
  private static final Pattern PAUSE =
      Pattern.compile("GC\\(\\d+\\) (Pause .+?) (\\d+)M->(\\d+)M\\((\\d+)M\\) ([0-9.]+)ms");

  static final GcLog EMPTY = new GcLog(0, 0, 0, -1, -1, -1, -1, 0);

  /** Reads the log file; an absent file is an empty log. */
  static GcLog read(Path file) {
    if (!Files.exists(file)) {
      return EMPTY;
    }
    try {
      return parse(Files.readAllLines(file));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the GC log " + file, e);
    }
  }

  static GcLog parse(List<String> lines) {
    int pauses = 0;
    int full = 0;
    double millis = 0;
    long peakUsed = -1;
    long peakAfter = -1;
    long peakAfterFull = -1;
    long peakCommitted = -1;
    int evacuationFailures = 0;
    for (String line : lines) {
      Matcher pause = PAUSE.matcher(line);
      if (pause.find()) {
        pauses++;
        long before = Long.parseLong(pause.group(2));
        long after = Long.parseLong(pause.group(3));
        peakUsed = Math.max(peakUsed, before);
        peakAfter = Math.max(peakAfter, after);
        peakCommitted = Math.max(peakCommitted, Long.parseLong(pause.group(4)));
        millis += Double.parseDouble(pause.group(5));
        if (pause.group(1).startsWith("Pause Full")) {
          full++;
          peakAfterFull = Math.max(peakAfterFull, after);
        }
      }
      if (line.contains("To-space exhausted") || line.contains("Evacuation Failure")) {
        evacuationFailures++;
      }
    }
    return new GcLog(
        pauses,
        full,
        millis,
        peakUsed,
        peakAfter,
        peakAfterFull,
        peakCommitted,
        evacuationFailures);
  }

  /** Both logs' pauses together, and the larger of each peak: two JVMs' figures side by side. */
  GcLog worstWith(GcLog other) {
    return new GcLog(
        pauses + other.pauses,
        fullCollections + other.fullCollections,
        pauseMillis + other.pauseMillis,
        Math.max(peakUsedMiB, other.peakUsedMiB),
        Math.max(peakAfterMiB, other.peakAfterMiB),
        Math.max(peakAfterFullMiB, other.peakAfterFullMiB),
        Math.max(peakCommittedMiB, other.peakCommittedMiB),
        evacuationFailures + other.evacuationFailures);
  }
}
