package io.mink.query.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.iceberg.expressions.Expression;

/**
 * The line EXPLAIN shows for each table a statement scans (spec/sql.md, Execution): {@code MinkScan: table=,
 * splits=, files=, keys=, filter=, projection=, limit=}, then what the scan read from Kafka at plan time. Pure.
 */
final class ScanExplain {
  private ScanExplain() {}

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
        + ", tail_records=" + scan.tailRecords();
  }
}
