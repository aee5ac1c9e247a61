package io.mink.query.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.iceberg.expressions.Expression;

/**
 * The line EXPLAIN shows for each table a statement scans (docs/querying.md, What a statement reads): {@code MinkScan: table=,
 * splits=, files=, keys=, filter=, projection=, limit=}, then what the scan read from Kafka at plan time, and after
 * EXPLAIN ANALYZE the time it took to open, the rows and batches it handed DuckDB and the time DuckDB waited for them
 * (summed over the splits, which run at once). Pure.
 */
final class ScanExplain {
  private ScanExplain() {}

  /** The scan's line; after an EXPLAIN ANALYZE ran it, with what opening and reading it took. */
  static String line(StatementPlan.PlannedScan planned, List<ScanStream> streams, boolean ran) {
    String line = line(planned.table(), planned.scan(), planned.pushdown());
    if (!ran) {
      return line;
    }
    return line + ", opened_ms=" + millis(planned.openNanos())
        + ", rows=" + streams.stream().mapToLong(ScanStream::rows).sum()
        + ", batches=" + streams.stream().mapToLong(ScanStream::batches).sum()
        + ", read_ms=" + millis(streams.stream().mapToLong(ScanStream::nanos).sum());
  }

  private static String millis(long nanos) {
    return String.format(java.util.Locale.ROOT, "%.1f", nanos / 1e6);
  }

  static String line(String table, TableScan scan, Pushdown pushdown) {
    List<String> filters = new ArrayList<>();
    pushdown
        .partitions()
        .ifPresent(partitions -> filters.add("_kafka_partition IN "
            + partitions.toString().replace('[', '(').replace(']', ')') + " (exact)"));
    for (Expression conjunct : pushdown.lakeFilters()) {
      filters.add(conjunct + " (inexact)");
    }
    return "MinkScan: table=" + table
        + ", splits=" + scan.splits().size()
        + ", files=" + scan.files()
        + ", keys=" + pushdown.keys()
        + ", filter=" + (filters.isEmpty() ? "none" : String.join(" AND ", filters))
        + ", projection="
        + (pushdown.projection().isEmpty()
            ? "*"
            : pushdown.projection().stream().collect(Collectors.joining(", ", "[", "]")))
        + ", limit=" + (pushdown.limit().isPresent() ? pushdown.limit().getAsLong() : "none")
        + ", tail_records=" + scan.tailRecords()
        + ", lake_reader="
        + (scan.lakeRows().isPresent()
            ? "manifests"
            : scan.nativeLake().isPresent() ? "duckdb" : "mink");
  }
}
