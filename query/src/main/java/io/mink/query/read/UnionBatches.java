package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import io.mink.schema.batch.RowBatch;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.apache.iceberg.Schema;

/**
 * The batches of a planned read, partition after partition: the partition's lake rows, then its tail, merged by key
 * for an upsert table ({@link RowMerge}). Every batch is then put into the scan schema, filtered, put into the output
 * schema, and cut at the limit.
 */
final class UnionBatches implements ReadResult.Batches {
  private final Iterator<PartitionRead> partitions;
  private final Function<PartitionRead, LakeScan> lakeScans;
  private final Function<PartitionRead, TailBatches> tails;
  private final Function<PartitionRead, RowMerge> merges;
  private final Schema scanSchema;
  private final Schema output;
  private final UnaryOperator<RowBatch> filter;
  private final ReadProgress progress;
  private final Runnable onClose;
  private long remaining;
  private LakeScan lake;
  private TailBatches tail = TailBatches.held(List.of());
  private RowMerge merge = RowMerge.NONE;
  private RowBatch next;

  /**
   * @param lakeScans opens the lake scan of a partition
   * @param tails the tail batches of a partition
   * @param merges what the read does to a partition's lake and tail batches before its filter
   * @param filter keeps the rows the read's filter selects, closing the batch it is given when it returns another
   * @param limit the most rows to return
   * @param onClose releases what the read holds besides its batches, such as the tails not taken
   */
  UnionBatches(
      List<PartitionRead> partitions,
      Function<PartitionRead, LakeScan> lakeScans,
      Function<PartitionRead, TailBatches> tails,
      Function<PartitionRead, RowMerge> merges,
      Schema scanSchema,
      Schema output,
      UnaryOperator<RowBatch> filter,
      long limit,
      ReadProgress progress,
      Runnable onClose) {
    this.partitions = List.copyOf(partitions).iterator();
    this.lakeScans = requireNonNull(lakeScans, "lakeScans is null");
    this.tails = requireNonNull(tails, "tails is null");
    this.merges = requireNonNull(merges, "merges is null");
    this.scanSchema = requireNonNull(scanSchema, "scanSchema is null");
    this.output = requireNonNull(output, "output is null");
    this.filter = requireNonNull(filter, "filter is null");
    this.remaining = limit;
    this.progress = requireNonNull(progress, "progress is null");
    this.onClose = requireNonNull(onClose, "onClose is null");
  }

  @Override
  public boolean hasNext() {
    while (next == null && remaining > 0) {
      RowBatch raw = nextRaw();
      if (raw == null) {
        return false;
      }
      RowBatch shaped = shape(raw);
      if (shaped.rows() == 0) {
        shaped.close();
      } else {
        next = shaped;
        remaining -= shaped.rows();
        progress.emitted(shaped.rows());
      }
    }
    return next != null;
  }

  @Override
  public RowBatch next() {
    if (!hasNext()) {
      throw new NoSuchElementException("the read has no more rows");
    }
    RowBatch batch = next;
    next = null;
    return batch;
  }

  /** The next batch as the lake or the tail holds it; null when every partition is read. */
  private RowBatch nextRaw() {
    while (true) {
      if (lake != null && lake.hasNext()) {
        return merge.lake(lake.next());
      }
      closeLake();
      if (tail.hasNext()) {
        return merge.tail(tail.next());
      }
      tail.close();
      if (!partitions.hasNext()) {
        return null;
      }
      PartitionRead partition = partitions.next();
      merge = merges.apply(partition);
      lake = lakeScans.apply(partition);
      tail = tails.apply(partition);
    }
  }

  private RowBatch shape(RowBatch raw) {
    RowBatch selected = filter.apply(BatchNormalizer.normalize(raw, scanSchema));
    RowBatch shaped = BatchNormalizer.normalize(selected, output);
    return remaining < shaped.rows() ? BatchNormalizer.head(shaped, (int) remaining) : shaped;
  }

  private void closeLake() {
    if (lake != null) {
      lake.close();
      lake = null;
    }
  }

  @Override
  public void close() {
    closeLake();
    tail.close();
    onClose.run();
    if (next != null) {
      next.close();
      next = null;
    }
  }
}
