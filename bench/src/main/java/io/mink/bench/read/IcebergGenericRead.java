package io.mink.bench.read;

import io.mink.bench.CpuSplit;
import io.mink.bench.Throughput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * The lake read's limit: Iceberg's own generic reader ({@code IcebergGenerics.read(table)}) reading a snapshot of the
 * table, every column or those selected, on this thread. Each row is a {@link Record} the reader builds; nothing is done with it but
 * count it.
 */
final class IcebergGenericRead {
  private IcebergGenericRead() {}

  /**
   * Reads at most {@code maxRows} rows of the snapshot.
   *
   * @param columns the columns to read; empty for all
   * @param parquetBytes the bytes of the snapshot's data files, counted as what the read moved
   */
  static Throughput read(
      Table table, long snapshotId, List<String> columns, long parquetBytes, long maxRows) {
    long cpuAtStart = CpuSplit.currentThreadNanos();
    long started = System.nanoTime();
    long rows = 0;
    IcebergGenerics.ScanBuilder scan = IcebergGenerics.read(table).useSnapshot(snapshotId);
    if (!columns.isEmpty()) {
      scan = scan.select(columns);
    }
    try (CloseableIterable<Record> records = scan.build()) {
      for (Record unused : records) {
        rows++;
        if (rows == maxRows) {
          break;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read table " + table.name() + " with Iceberg", e);
    }
    long nanos = System.nanoTime() - started;
    long cpu = cpuAtStart < 0 ? -1 : CpuSplit.currentThreadNanos() - cpuAtStart;
    return new Throughput(rows, parquetBytes, nanos, new CpuSplit(cpu, -1));
  }
}
