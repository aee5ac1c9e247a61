package io.mink.indexer.round;

import io.mink.lake.catalog.LakeTables;
import java.io.IOException;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/** Counts a table's rows with Iceberg's generic reader. */
public final class TableRows {
  private final LakeTables lake;

  public TableRows(LakeTables lake) {
    this.lake = lake;
  }

  public long count(TableIdentifier identifier) throws IOException {
    long rows = 0;
    try (CloseableIterable<Record> records =
        IcebergGenerics.read(lake.load(identifier)).build()) {
      for (Record ignored : records) {
        rows++;
      }
    }
    return rows;
  }
}
