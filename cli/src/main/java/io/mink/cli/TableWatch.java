package io.mink.cli;

import io.mink.cli.operations.Pause;
import io.mink.indexer.errors.MinkException;
import io.mink.tables.TableDescriptor;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * {@code mink table show --watch}: redraws a backfill's progress every interval until every partition reached the
 * end offsets it started towards, or the table leaves the indexing state. On a terminal the block is redrawn in
 * place; elsewhere each refresh prints a block of its own.
 */
final class TableWatch {
  private static final String CLEAR_TO_END = "\u001b[J";

  private final TableInspector inspector;
  private final PrintWriter out;
  private final boolean terminal;
  private final boolean json;
  private final Duration interval;
  private final Clock clock;
  private int drawnLines;

  TableWatch(
      TableInspector inspector,
      Environment environment,
      boolean json,
      Duration interval,
      Clock clock) {
    this.inspector = inspector;
    this.out = environment.out();
    this.terminal = environment.terminal();
    this.json = json;
    this.interval = interval;
    this.clock = clock;
  }

  /** Watches until the backfill is done; a conflict when the table stops indexing or is removed meanwhile. */
  void run(TableDescriptor descriptor) {
    String table = descriptor.qualifiedName();
    requireIndexing(descriptor);
    TableView first = inspector.inspect(descriptor, false);
    if (first.partitions() == null) {
      throw MinkException.conflict("Topic " + descriptor.topic() + " of table " + table
          + " does not " + "exist in Kafka now, so there is nothing to watch: mink table show "
          + table + " shows its state");
    }
    Instant began = clock.instant();
    BackfillProgress progress = BackfillProgress.start(first.partitions(), began);
    BackfillProgress.Report report = progress.at(first.partitions(), began);
    draw(table, progress, report);
    while (!report.complete()) {
      Pause.sleep(interval);
      TableDescriptor now = inspector
          .entry(table)
          .orElseThrow(() -> MinkException.conflict("Table " + table
              + " was removed while it was watched: mink table list --all shows the added tables"));
      requireIndexing(now);
      TableView view = inspector.inspect(now, false);
      if (view.partitions() != null) {
        report = progress.at(view.partitions(), clock.instant());
        draw(table, progress, report);
      }
    }
    if (!json) {
      out.print(BackfillView.finished(table, report));
      out.flush();
    }
  }

  private void requireIndexing(TableDescriptor descriptor) {
    if (!descriptor.isIndexing()) {
      throw MinkException.conflict("Table " + descriptor.qualifiedName() + " is not indexing: "
          + TableViewText.state(descriptor, clock.instant()));
    }
  }

  private void draw(String table, BackfillProgress progress, BackfillProgress.Report report) {
    if (json) {
      out.print(CommandJson.line(BackfillView.json(table, progress.startedAt(), report)));
    } else {
      String block = BackfillView.text(table, progress.startedAt(), report);
      if (terminal && drawnLines > 0) {
        out.print(cursorUp(drawnLines) + CLEAR_TO_END);
      } else if (drawnLines > 0) {
        out.println();
      }
      out.print(block);
      drawnLines = (int) block.lines().count();
    }
    out.flush();
  }

  /** The escape that moves the cursor to the start of the line {@code lines} lines up. */
  private static String cursorUp(int lines) {
    return String.format("\u001b[%dF", lines);
  }
}
