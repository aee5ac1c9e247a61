package io.mink.query.read;

import io.mink.indexer.round.OffsetGap;
import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;

/** A read taken to its end in a test: its rows as generic records, its schema, point and gaps. */
record ReadRows(
    Schema schema, ReadPoint point, List<OffsetGap> gaps, List<Record> rows, long batches) {
  static ReadRows of(ReadResult result) {
    try (result) {
      List<Record> rows = new ArrayList<>();
      long batches = 0;
      while (result.batches().hasNext()) {
        try (RowBatch batch = result.batches().next()) {
          if (!batch.schema().sameSchema(result.schema())) {
            throw new AssertionError(
                "a batch of schema " + batch.schema() + " in a read of " + result.schema());
          }
          rows.addAll(batch.toRecords());
          batches++;
        }
      }
      return new ReadRows(result.schema(), result.point(), result.gaps(), rows, batches);
    }
  }

  /** Each row as partition@offset, in the order read. */
  List<String> offsets() {
    return rows.stream()
        .map(row -> row.getField(KafkaColumns.PARTITION) + "@" + row.getField(KafkaColumns.OFFSET))
        .toList();
  }
}
