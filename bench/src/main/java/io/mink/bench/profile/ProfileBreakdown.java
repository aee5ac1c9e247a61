package io.mink.bench.profile;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where the CPU of Mink's end-to-end phase goes, from a flight recording of a benchmark: the
 * execution samples taken while Mink's writer lanes ran, grouped into the steps of the data path
 * ({@link PathStep}), plus the collector's pause time. Usage: {@code bench/profile-breakdown
 * FILE.jfr [thread-prefix]}; the phase is the span of the samples of threads named
 * {@code thread-prefix} (default {@code mink-writer-}).
 */
public final class ProfileBreakdown {
  private ProfileBreakdown() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 1 || args.length > 2) {
      System.err.println(
          "Usage: bench/profile-breakdown FILE.jfr [thread-prefix (default mink-writer-)]");
      System.exit(2);
    }
    Path file = Path.of(args[0]);
    if (!Files.isReadable(file)) {
      System.err.println(
          "Cannot read " + file + ": give a flight recording (.jfr) of a benchmark run");
      System.exit(2);
    }
    String prefix = args.length == 2 ? args[1] : "mink-writer-";
    Breakdown breakdown = read(file, prefix);
    if (breakdown.samples() == 0) {
      System.err.println("No samples of threads named " + prefix + "* in " + file
          + ": record with settings=profile and check the thread prefix");
      System.exit(1);
    }
    breakdown.print(System.out);
  }

  /** The samples of the phase in which threads named {@code prefix} ran, by step. */
  public static Breakdown read(Path file, String prefix) throws IOException {
    List<RecordedEvent> samples = new ArrayList<>();
    List<RecordedEvent> collections = new ArrayList<>();
    Instant first = Instant.MAX;
    Instant last = Instant.MIN;
    try (RecordingFile recording = new RecordingFile(file)) {
      while (recording.hasMoreEvents()) {
        RecordedEvent event = recording.readEvent();
        String type = event.getEventType().getName();
        if (type.equals("jdk.ExecutionSample") || type.equals("jdk.NativeMethodSample")) {
          samples.add(event);
          if (threadName(event).startsWith(prefix)) {
            first = first.isBefore(event.getStartTime()) ? first : event.getStartTime();
            last = last.isAfter(event.getStartTime()) ? last : event.getStartTime();
          }
        } else if (type.equals("jdk.GarbageCollection")) {
          collections.add(event);
        }
      }
    }
    Map<PathStep, Integer> counts = new EnumMap<>(PathStep.class);
    Map<String, Integer> hottest = new java.util.HashMap<>();
    int total = 0;
    for (RecordedEvent sample : samples) {
      if (!sample.getStartTime().isBefore(first) && !sample.getStartTime().isAfter(last)) {
        PathStep step = sample.getEventType().getName().equals("jdk.NativeMethodSample")
            ? PathStep.ofNative(sample.getStackTrace())
            : PathStep.of(sample.getStackTrace());
        if (step != PathStep.IDLE) {
          counts.merge(step, 1, Integer::sum);
          hottest.merge(step.label() + ": " + topFrame(sample), 1, Integer::sum);
          total++;
        }
      }
    }
    long gcNanos = 0;
    for (RecordedEvent collection : collections) {
      if (!collection.getStartTime().isBefore(first)
          && !collection.getStartTime().isAfter(last)) {
        gcNanos += collection.getDuration().toNanos();
      }
    }
    Duration span = total == 0 ? Duration.ZERO : Duration.between(first, last);
    return new Breakdown(counts, total, span, gcNanos, hottest);
  }

  private static String topFrame(RecordedEvent sample) {
    var frames = sample.getStackTrace() == null
        ? List.<jdk.jfr.consumer.RecordedFrame>of()
        : sample.getStackTrace().getFrames();
    if (frames.isEmpty()) {
      return "?";
    }
    var method = frames.get(0).getMethod();
    return method.getType().getName() + "." + method.getName();
  }

  private static String threadName(RecordedEvent event) {
    RecordedThread thread = event.getThread("sampledThread");
    return thread == null || thread.getJavaName() == null ? "" : thread.getJavaName();
  }

  /** Samples per step of one phase, its length and the collector's pauses in it. */
  public record Breakdown(
      Map<PathStep, Integer> counts,
      int samples,
      Duration span,
      long gcNanos,
      Map<String, Integer> hottest) {
    public void print(PrintStream out) {
      out.printf(
          Locale.ROOT,
          "phase: %.1f s, %,d CPU samples (idle and waiting threads left out),"
              + " GC pauses %.2f s%n",
          span.toMillis() / 1e3,
          samples,
          gcNanos / 1e9);
      out.printf(Locale.ROOT, "%-18s %8s %7s%n", "step", "samples", "share");
      for (PathStep step : PathStep.values()) {
        int count = counts.getOrDefault(step, 0);
        if (count > 0) {
          out.printf(
              Locale.ROOT, "%-18s %8d %6.1f%%%n", step.label(), count, 100.0 * count / samples);
        }
      }
      out.println("hottest methods (step: top frame, share of samples)");
      hottest.entrySet().stream()
          .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
          .limit(25)
          .forEach(entry -> out.printf(
              Locale.ROOT, "  %5.1f%%  %s%n", 100.0 * entry.getValue() / samples, entry.getKey()));
    }
  }
}
