package io.mink.indexer.stats;

import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * {@code mink cluster stats} for a person: one line per table and an indented line per partition in aligned
 * columns, times relative to now, then indented notes (a state other than indexing, silent owner, errors, gaps, raw
 * parts) under the table.
 */
public final class StatsTable {
  private static final List<String> HEADER = List.of(
      "TABLE",
      "STATE",
      "OWNER",
      "EPOCH",
      "LAST TIERED",
      "NEXT DUE",
      "LAKE",
      "END",
      "OFFSET LAG",
      "TIME LAG",
      "LAST ROUND");
  private static final String GAP = "  ";

  private StatsTable() {}

  public static String render(List<TableReport> tables, Instant now) {
    if (tables.isEmpty()) {
      return "No tables are added: add one with mink table add TOPIC\n";
    }
    List<Line> lines = new ArrayList<>();
    lines.add(new Row(HEADER));
    for (TableReport table : tables) {
      lines.add(new Row(List.of(
          table.table(),
          table.state(),
          orDash(table.owner()),
          orDash(table.epoch()),
          RelativeTime.relative(table.lastTiered(), now),
          table.nextDue() == null ? "-" : RelativeTime.relative(table.nextDue(), now),
          "",
          "",
          table.partitions().isEmpty() ? "-" : Long.toString(table.offsetLag()),
          lag(table.timeLag()),
          lastRound(table.lastRound()))));
      for (PartitionMeasure partition : table.partitions()) {
        lines.add(new Row(List.of(
            GAP + "partition " + partition.partition(),
            "",
            "",
            "",
            "",
            "",
            orDash(partition.recordedOffset()),
            Long.toString(partition.endOffset()),
            Long.toString(partition.offsetLag()),
            lag(partition.timeLag()),
            "")));
      }
      notes(table, now).forEach(note -> lines.add(new Note(GAP + note)));
    }
    int[] widths = new int[HEADER.size()];
    for (Line line : lines) {
      if (line instanceof Row row) {
        for (int i = 0; i < widths.length; i++) {
          widths[i] = Math.max(widths[i], row.cells.get(i).length());
        }
      }
    }
    StringBuilder out = new StringBuilder();
    for (Line line : lines) {
      if (line instanceof Row row) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < widths.length; i++) {
          String cell = row.cells.get(i);
          text.append(cell)
              .append(" ".repeat(widths[i] - cell.length()))
              .append(i < widths.length - 1 ? GAP : "");
        }
        out.append(text.toString().stripTrailing()).append('\n');
      } else {
        out.append(((Note) line).text).append('\n');
      }
    }
    return out.toString();
  }

  private static List<String> notes(TableReport table, Instant now) {
    List<String> notes = new ArrayList<>();
    Lifecycle lifecycle = table.lifecycle();
    if (!lifecycle.is(LifecycleState.INDEXING)) {
      notes.add(LifecycleText.describe(lifecycle, now));
    }
    if (table.ownerSilent()) {
      notes.add("silent owner: " + table.owner() + " last published this status "
          + RelativeTime.relative(table.statusPublishedAt(), now)
          + "; it may be down, and Kafka moves its tables "
          + "to another instance after the session timeout");
    }
    table.errors().forEach(error -> notes.add("error: " + error));
    table.warnings().forEach(warning -> notes.add("warning: " + warning));
    for (TableStatus.Gap gap : table.gaps()) {
      notes.add("gap: partition " + gap.partition() + " offsets [" + gap.from() + ", " + gap.to()
          + ") were deleted " + "by Kafka before they were indexed; mink table resume "
          + table.table() + " --accept-gap goes on past them");
    }
    RoundSummary round = table.lastRound();
    if (round != null && !round.rawParts().isEmpty()) {
      notes.add("raw parts in the last round: "
          + new TreeMap<>(round.rawParts())
              .entrySet().stream()
                  .map(entry -> entry.getKey() + " " + entry.getValue())
                  .collect(Collectors.joining(", ")));
    }
    return notes;
  }

  static String lastRound(RoundSummary round) {
    if (round == null) {
      return "-";
    }
    String took = round.duration() == null ? "" : " in " + RelativeTime.duration(round.duration());
    String what = round.committed()
        ? round.rows() + (round.rows() == 1 ? " row, " : " rows, ") + bytes(round.bytes()) + ", "
            + round.files() + (round.files() == 1 ? " file" : " files")
        : "nothing new";
    return what + took + (round.forceFinished() ? ", force-finished" : "");
  }

  /** A size in bytes as 512 B, 12.3 KiB, 2.0 MiB, 1.5 GiB. */
  static String bytes(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    double value = bytes;
    int unit = -1;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
  }

  private static String lag(Duration lag) {
    return lag == null ? "-" : RelativeTime.duration(lag);
  }

  private static String orDash(Object value) {
    return value == null ? "-" : value.toString();
  }

  private sealed interface Line permits Row, Note {}

  private record Row(List<String> cells) implements Line {}

  private record Note(String text) implements Line {}
}
