package io.mink.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.indexer.stats.RelativeTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code mink table show --watch}: a backfill's progress as bars per partition, or as one JSON line. */
final class BackfillView {
  private static final List<String> HEADER =
      List.of("PARTITION", "PROGRESS", "", "LAKE", "TARGET", "ROWS/S");
  private static final int BAR_WIDTH = 24;

  private BackfillView() {}

  /** The block of one refresh: a title line, a bar per partition and one for all of them. */
  static String text(String table, Instant startedAt, BackfillProgress.Report report) {
    StringBuilder out = new StringBuilder();
    out.append(table)
        .append(": backfill towards the end offsets of ")
        .append(startedAt.truncatedTo(ChronoUnit.SECONDS))
        .append(", ")
        .append(RelativeTime.duration(report.elapsed()))
        .append(" so far\n");
    List<List<String>> rows = new ArrayList<>();
    rows.add(HEADER);
    for (BackfillProgress.Step step : report.partitions()) {
      rows.add(row(Integer.toString(step.partition()), step, report));
    }
    if (report.partitions().size() > 1) {
      rows.add(row("all", report.total(), report));
    }
    return out.append(Columns.render(rows)).toString();
  }

  /** The line after the last block, once every partition reached its target. */
  static String finished(String table, BackfillProgress.Report report) {
    BackfillProgress.Step total = report.total();
    return table + " reached the end offsets it started towards: " + total.done()
        + (total.done() == 1 ? " row" : " rows") + " in " + RelativeTime.duration(report.elapsed())
        + (report.elapsed().toMillis() > 0 ? " (" + rate(total.rowsPerSecond()) + " rows/s)" : "")
        + "\n";
  }

  /** One refresh as a JSON object, for a line of its own. */
  static ObjectNode json(String table, Instant startedAt, BackfillProgress.Report report) {
    ObjectNode node = CommandJson.JSON.createObjectNode();
    node.put("table", table);
    CommandJson.putInstant(node, "startedAt", startedAt);
    CommandJson.putInstant(node, "at", report.at());
    node.put("elapsedMs", report.elapsed().toMillis());
    node.put("complete", report.complete());
    BackfillProgress.Step total = report.total();
    node.put("rows", total.done());
    node.put("rowsLeft", total.total() - total.done());
    node.put("rowsPerSecond", Math.round(total.rowsPerSecond()));
    ArrayNode partitions = node.putArray("partitions");
    for (BackfillProgress.Step step : report.partitions()) {
      ObjectNode partition = partitions.addObject();
      partition.put("partition", step.partition());
      partition.put("fromOffset", step.from());
      partition.put("lakeOffset", step.reached());
      partition.put("targetOffset", step.target());
      partition.put("fraction", step.fraction());
      partition.put("rowsPerSecond", Math.round(step.rowsPerSecond()));
    }
    return node;
  }

  private static List<String> row(
      String name, BackfillProgress.Step step, BackfillProgress.Report report) {
    return List.of(
        name,
        bar(step),
        percent(step),
        Long.toString(step.reached()),
        Long.toString(step.target()),
        report.elapsed().toMillis() > 0 ? rate(step.rowsPerSecond()) : "-");
  }

  /** Such as [############------------]: full cells for the share done, rounded down. */
  static String bar(BackfillProgress.Step step) {
    int full = step.complete() ? BAR_WIDTH : (int) Math.floor(step.fraction() * BAR_WIDTH);
    return "[" + "#".repeat(full) + "-".repeat(BAR_WIDTH - full) + "]";
  }

  /** The share done, rounded down, so 100% only when complete. */
  static String percent(BackfillProgress.Step step) {
    int percent = step.complete() ? 100 : Math.min(99, (int) Math.floor(step.fraction() * 100));
    return String.format(Locale.ROOT, "%3d%%", percent);
  }

  private static String rate(double rowsPerSecond) {
    return Long.toString(Math.round(rowsPerSecond));
  }
}
