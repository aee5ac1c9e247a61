package io.mink.spark;

import java.util.Optional;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Opens the reader of a micro-batch's input partition on an executor: the union read of its range, stopped before
 * its first batch when the read schema is no longer the stream's.
 */
final class MinkStreamReaderFactory implements PartitionReaderFactory {
  private static final long serialVersionUID = 1L;

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return true;
  }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    MinkStreamPartition stream = (MinkStreamPartition) partition;
    return MinkPartitionReader.open(stream.read(), Optional.of(stream.check()::require));
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    throw new UnsupportedOperationException(
        "Mink's union read gives Spark columnar batches only, not rows");
  }
}
