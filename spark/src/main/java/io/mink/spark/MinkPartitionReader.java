package io.mink.spark;

import io.mink.query.read.LakeFiles;
import io.mink.query.read.ReadPoint;
import io.mink.query.read.ReadProgress;
import io.mink.query.read.ReadRequest;
import io.mink.query.read.ReadResult;
import io.mink.query.read.UnionRead;
import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.iceberg.Schema;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads one input partition on an executor: the union read of one Kafka partition at the query's read point, with
 * the executor's own Kafka, lake and registry clients. Each of the read's Arrow batches is handed to Spark as it is,
 * through Spark's Arrow column vectors, and closed when Spark asks for the next.
 */
final class MinkPartitionReader implements PartitionReader<ColumnarBatch> {
  private final MinkConnection connection;
  private final KafkaConsumer<byte[], byte[]> consumer;
  private final ReadResult result;
  private final SparkColumns columns;
  private RowBatch current;

  private MinkPartitionReader(
      MinkConnection connection,
      KafkaConsumer<byte[], byte[]> consumer,
      ReadResult result,
      SparkColumns columns) {
    this.connection = connection;
    this.consumer = consumer;
    this.result = result;
    this.columns = columns;
  }

  static MinkPartitionReader open(MinkInputPartition partition) {
    return open(partition, Optional.empty());
  }

  /**
   * A reader that reads every column of the read schema the union read settles, which {@code settled} checks before
   * the first batch; the partition's columns are those the check expects.
   */
  static MinkPartitionReader open(
      MinkInputPartition partition, Optional<Consumer<Schema>> settled) {
    MinkConnection connection =
        MinkConnection.open(partition.options(), "partition-" + partition.partition());
    KafkaConsumer<byte[], byte[]> consumer = null;
    try {
      MinkConnection.Loaded loaded = connection.loadLake(partition.descriptor());
      consumer = connection.consumer();
      boolean countsOnly = partition.columns().isEmpty();
      ReadRequest request = ReadRequest.of(partition.mode())
          .withColumns(
              countsOnly
                  ? List.of(KafkaColumns.OFFSET)
                  : settled.isPresent() ? List.of() : partition.columns())
          .withPartitions(Set.of(partition.partition()))
          .withFilter(partition.filter())
          .at(ReadPoint.parse(partition.point()));
      if (partition.limit() < Long.MAX_VALUE) {
        request = request.withLimit(partition.limit());
      }
      LakeFiles files = partition.files() == null
          ? null
          : LakeFiles.only(
              partition.partition(),
              partition.files().stream().map(ScanFile::lakeFile).toList());
      ReadResult result = new UnionRead(
              loaded.table(),
              loaded.descriptor(),
              consumer,
              connection.topicIds(),
              connection.decoder(),
              ReadProgress.NONE)
          .waitingForRegistry(partition.registryWait())
          .read(request, files, partition.schema().tableSchema());
      try {
        settled.ifPresent(check -> check.accept(result.schema()));
      } catch (RuntimeException e) {
        result.close();
        throw e;
      }
      return new MinkPartitionReader(
          connection, consumer, result, countsOnly ? null : SparkColumns.of(partition, result));
    } catch (RuntimeException e) {
      if (consumer != null) {
        consumer.close();
      }
      connection.close();
      throw e;
    }
  }

  @Override
  public boolean next() {
    closeCurrent();
    if (!result.batches().hasNext()) {
      return false;
    }
    current = result.batches().next();
    return true;
  }

  @Override
  public ColumnarBatch get() {
    if (columns == null) {
      return new ColumnarBatch(new ColumnVector[0], current.rows());
    }
    return new ColumnarBatch(columns.vectors(current), current.rows());
  }

  @Override
  public void close() {
    try (connection;
        consumer;
        result) {
      closeCurrent();
    }
  }

  private void closeCurrent() {
    if (current != null) {
      current.close();
      current = null;
    }
  }
}
