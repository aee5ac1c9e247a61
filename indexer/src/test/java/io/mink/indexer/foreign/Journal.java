package io.mink.indexer.foreign;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The last steps of one table, for failure messages: which statement ran where, what each round committed or why it
 * was refused, and where each statement landed.
 */
final class Journal {
  private static final int LINES = 40;

  private final String table;
  private final long startNanos;
  private final Deque<String> lines = new ArrayDeque<>();

  /** @param table how failures name the table, such as "upsert v2 table kafka.orders" */
  Journal(String table, long startNanos) {
    this.table = table;
    this.startNanos = startNanos;
  }

  synchronized void log(int step, String line) {
    lines.addLast(
        String.format("[%6.1f s, step %d] %s", (System.nanoTime() - startNanos) / 1e9, step, line));
    while (lines.size() > LINES) {
      lines.removeFirst();
    }
  }

  /** A failure: what broke, the problems found, and the table's last steps. */
  synchronized AssertionError failure(String what, List<String> problems) {
    StringBuilder message = new StringBuilder(table + ": " + what);
    problems.forEach(problem -> message.append("\n  - ").append(problem));
    message.append("\nThe table's last steps:");
    lines.forEach(line -> message.append("\n  ").append(line));
    return new AssertionError(message.toString());
  }

  static String stackTrace(Throwable e) {
    StringWriter text = new StringWriter();
    e.printStackTrace(new PrintWriter(text));
    return text.toString();
  }
}
