package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.round.OffsetGap;
import io.mink.schema.batch.RowBatch;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;

/**
 * A read under way: its schema and point in time are known before the first batch. Batches come partition by
 * partition, each partition's lake rows first and then its tail in offset order; for an upsert table's union read,
 * the lake rows whose key the tail left alone, then the tail's newest row of each key it changed. The caller closes
 * each batch it takes, and the result.
 *
 * @param gaps offsets of a partition that neither the lake nor Kafka holds: the read went on after them
 * @param rawCounts the tail's parts left raw, by "key." or "value." and reason, as a round counts them
 */
public record ReadResult(
    String table,
    Schema schema,
    ReadPoint point,
    List<OffsetGap> gaps,
    long lakeFiles,
    long tailRecords,
    Map<String, Long> rawCounts,
    Batches batches)
    implements AutoCloseable {
  public ReadResult {
    requireNonNull(table, "table is null");
    requireNonNull(schema, "schema is null");
    requireNonNull(point, "point is null");
    gaps = List.copyOf(gaps);
    rawCounts = Map.copyOf(rawCounts);
    requireNonNull(batches, "batches is null");
  }

  /** The batches of a read, all of its schema; closing them releases what the read still holds. */
  public interface Batches extends Iterator<RowBatch>, AutoCloseable {
    @Override
    void close();
  }

  @Override
  public void close() {
    batches.close();
  }
}
