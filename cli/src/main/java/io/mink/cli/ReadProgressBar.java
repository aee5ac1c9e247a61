package io.mink.cli;

import io.mink.query.read.ReadProgress;
import java.io.PrintWriter;

/**
 * The progress of a read on stderr, drawn in place on a terminal once the read has taken a second: the Kafka
 * records decoded of those planned, and the rows printed. Off when stderr is no terminal.
 */
final class ReadProgressBar implements ReadProgress {
  private static final long DELAY_NANOS = 1_000_000_000L;
  private static final long REDRAW_NANOS = 200_000_000L;

  private final PrintWriter err;
  private final String table;
  private boolean enabled;
  private final long startedAt = System.nanoTime();
  private long lastDrawn;
  private boolean drawn;
  private long tailPlanned;
  private long tailRead;
  private long lakeFiles;
  private long rows;

  private ReadProgressBar(PrintWriter err, String table, boolean enabled) {
    this.err = err;
    this.table = table;
    this.enabled = enabled;
  }

  static ReadProgressBar start(Environment environment, String table) {
    return new ReadProgressBar(environment.err(), table, environment.errTerminal());
  }

  @Override
  public void planned(int partitions, long files, long tailRecords) {
    this.lakeFiles = files;
    this.tailPlanned = tailRecords;
  }

  @Override
  public void tailRead(long records) {
    tailRead += records;
    draw();
  }

  @Override
  public void emitted(long count) {
    rows += count;
    draw();
  }

  private void draw() {
    long now = System.nanoTime();
    if (!enabled || now - startedAt < DELAY_NANOS || now - lastDrawn < REDRAW_NANOS) {
      return;
    }
    lastDrawn = now;
    drawn = true;
    err.print("\r\033[2K" + line());
    err.flush();
  }

  String line() {
    int percent = tailPlanned == 0 ? 100 : (int) Math.min(100, tailRead * 100 / tailPlanned);
    int filled = percent / 5;
    return "Reading " + table + " [" + "#".repeat(filled) + " ".repeat(20 - filled) + "] "
        + tailRead + " of at most " + tailPlanned + " Kafka records, " + lakeFiles + " lake files, "
        + rows + " rows out";
  }

  /** Removes the bar for good: when rows go to the same terminal, they show the progress. */
  void stop() {
    clear();
    enabled = false;
  }

  /** Removes the bar, so what follows starts on a clean line. */
  void clear() {
    if (drawn) {
      err.print("\r\033[2K");
      err.flush();
      drawn = false;
    }
  }
}
