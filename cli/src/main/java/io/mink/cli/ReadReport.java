package io.mink.cli;

import io.mink.indexer.round.OffsetGap;
import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadResult;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** What {@code mink read} says beside its rows: on stderr, and in the metadata of formats that carry it. */
final class ReadReport {
  static final String POINT_KEY = "mink.read.point";
  static final String GAPS_KEY = "mink.read.gaps";
  static final String TABLE_KEY = "mink.table";

  private ReadReport() {}

  /** The read's table, point and gaps, as an Arrow stream's schema metadata carries them. */
  static Map<String, String> metadata(ReadResult result) {
    Map<String, String> metadata = new LinkedHashMap<>();
    metadata.put(TABLE_KEY, result.table());
    metadata.put(POINT_KEY, result.point().token());
    if (!result.gaps().isEmpty()) {
      metadata.put(
          GAPS_KEY, result.gaps().stream().map(ReadReport::range).collect(Collectors.joining(",")));
    }
    return metadata;
  }

  /** One warning per gap: offsets neither the lake nor Kafka holds, which the read went past. */
  static void gaps(ReadResult result, PrintWriter err) {
    for (OffsetGap gap : result.gaps()) {
      err.println("Warning: " + result.table() + " has a gap: " + gap
          + " were deleted by Kafka's retention "
          + "before a round tiered them; the read goes on from offset " + gap.to());
    }
    err.flush();
  }

  /** How many rows the read printed and the point that repeats it. */
  static void done(ReadResult result, long rows, ReadMode mode, PrintWriter err) {
    StringBuilder line = new StringBuilder();
    line.append(rows).append(rows == 1 ? " row" : " rows");
    if (mode.readsLake()) {
      line.append(", ")
          .append(result.lakeFiles())
          .append(result.lakeFiles() == 1 ? " lake file" : " lake files");
    }
    if (mode.readsLog()) {
      line.append(", ").append(result.tailRecords()).append(" Kafka records");
    }
    long raw = result.rawCounts().values().stream().mapToLong(Long::longValue).sum();
    if (raw > 0) {
      line.append(", ").append(raw).append(raw == 1 ? " part" : " parts").append(" kept raw (");
      line.append(result.rawCounts().entrySet().stream()
          .sorted(Map.Entry.comparingByKey())
          .map(entry -> entry.getKey() + " " + entry.getValue())
          .collect(Collectors.joining(", ")));
      line.append(')');
    }
    err.println(line);
    err.println("Read point: " + result.point().token() + " (--at repeats this read)");
    err.flush();
  }

  private static String range(OffsetGap gap) {
    return gap.partition() + "=" + gap.from() + "-" + gap.to();
  }
}
