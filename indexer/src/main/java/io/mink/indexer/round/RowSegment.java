package io.mink.indexer.round;

import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;

/** Consecutive rows of one partition built under one table schema. */
public record RowSegment(Schema schema, List<Record> rows) {
  public RowSegment {
    rows = List.copyOf(rows);
  }
}
