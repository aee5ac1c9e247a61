package io.mink.bench.encoders;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.parquet.ParquetUtil;

/**
 * Whether a Parquet file can be an Iceberg data file of the rows' table: Iceberg's generic reader finds
 * every column by field id and reads the same values back, and the footer gives Iceberg its column
 * metrics (row count, bounds of _kafka_offset).
 */
final class EncodedFileCheck {
  private EncodedFileCheck() {}

  /** "ok", or what is wrong. */
  static String check(OrderRows rows, long count, Path file) {
    InputFile input = org.apache.iceberg.Files.localInput(file.toFile());
    Metrics metrics = ParquetUtil.fileMetrics(input, MetricsConfig.getDefault());
    if (metrics.recordCount() != count) {
      return "footer holds " + metrics.recordCount() + " rows, not " + count;
    }
    int offsetId = rows.schema().findField("_kafka_offset").fieldId();
    if (metrics.lowerBounds() == null || !metrics.lowerBounds().containsKey(offsetId)) {
      return "no _kafka_offset bounds for Iceberg (field ids missing?)";
    }
    List<Record> sample = rows.rows();
    long read = 0;
    try (CloseableIterable<Record> reader = Parquet.read(input)
        .project(rows.schema())
        .createReaderFunc(type -> GenericParquetReaders.buildReader(rows.schema(), type))
        .build()) {
      for (Record row : reader) {
        Record expected = sample.get((int) (read % sample.size()));
        if (read < sample.size() && !same(expected, row)) {
          return "row " + read + " reads back as " + row + ", written " + expected;
        }
        read++;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return read == count ? "ok" : "read " + read + " rows back, not " + count;
  }

  private static boolean same(Record expected, Record actual) {
    for (int i = 0; i < expected.size(); i++) {
      if (!Objects.equals(String.valueOf(expected.get(i)), String.valueOf(actual.get(i)))) {
        return false;
      }
    }
    return true;
  }
}
