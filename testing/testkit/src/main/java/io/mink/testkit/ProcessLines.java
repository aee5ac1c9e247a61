package io.mink.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** The lines a child process writes, read by a thread of their own so that waiting for one can time out. */
final class ProcessLines {
  private static final String END = "\u0000end of output";

  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
  private volatile boolean ended;

  ProcessLines(InputStream output, String threadName) {
    Thread reader = new Thread(() -> drain(output), threadName);
    reader.setDaemon(true);
    reader.start();
  }

  private void drain(InputStream output) {
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(output, UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        lines.add(line);
      }
    } catch (IOException e) {
      // the stream broke because the process is gone, which ended() reports like a normal end
    } finally {
      ended = true;
      lines.add(END);
    }
  }

  /** The next line; empty when none came before the deadline or the output ended, which {@link #ended()} tells apart. */
  Optional<String> next(long deadlineNanos) throws InterruptedException {
    String line = lines.poll(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    if (END.equals(line)) {
      lines.add(END);
      return Optional.empty();
    }
    return Optional.ofNullable(line);
  }

  /** Whether the process closed its output. */
  boolean ended() {
    return ended;
  }
}
