package io.mink.bench.read;

import io.mink.bench.CpuSplit;
import io.mink.query.read.ReadRequest;
import io.mink.query.read.ReadResult;
import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.TreeMap;
import org.apache.arrow.vector.IntVector;
import org.apache.iceberg.Schema;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * Runs a union read to its end as {@code mink read} does, on this thread: {@code UnionRead.read}, then every batch
 * taken, handed to a sink and closed. Times the whole, the part before the first batch, and per Kafka partition the
 * wait for its batches; watches the bytes of column batches held.
 */
final class TimedRead {
  private TimedRead() {}

  /**
   * @param tailMemoryBytes the most bytes of tail batches the read holds ({@code UnionRead.TAIL_MEMORY_BYTES} is
   *     what {@code mink read} gives it)
   * @param bytes what the phase counts as the bytes it moved
   */
  static ReadOutcome run(
      ReadSubject subject, ReadRequest request, long tailMemoryBytes, long bytes, BatchSink sink) {
    long arrowBefore = RowBatch.allocatedBytes();
    FirstPassWatch firstPass = new FirstPassWatch(arrowBefore);
    long cpuAtStart = CpuSplit.currentThreadNanos();
    long started = System.nanoTime();
    try (KafkaConsumer<byte[], byte[]> consumer = subject.consumer();
        ReadResult result = subject.read(consumer, firstPass, tailMemoryBytes).read(request)) {
      long planNanos = System.nanoTime() - started;
      ReadOutcome.FirstPass planned = firstPass.result(RowBatch.allocatedBytes() - arrowBefore);
      TakenBatches taken = take(result, sink, arrowBefore);
      long nanos = System.nanoTime() - started;
      long cpu = cpuAtStart < 0 ? -1 : CpuSplit.currentThreadNanos() - cpuAtStart;
      return new ReadOutcome(
          bytes, nanos, planNanos, cpu, result.tailRecords(), result.lakeFiles(), planned, taken);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the rows of a benchmark read: " + e, e);
    }
  }

  /** Takes every batch of the read, hands it to the sink and closes it. */
  private static TakenBatches take(ReadResult result, BatchSink sink, long arrowBefore)
      throws IOException {
    int partitionColumn = position(result.schema(), KafkaColumns.PARTITION);
    Map<Integer, Long> waitNanos = new TreeMap<>();
    long rows = 0;
    long batches = 0;
    long bufferBytes = 0;
    long peak = RowBatch.allocatedBytes() - arrowBefore;
    sink.begin(result.schema());
    long waitStarted = System.nanoTime();
    while (result.batches().hasNext()) {
      try (RowBatch batch = result.batches().next()) {
        waitNanos.merge(
            partitionOf(batch, partitionColumn), System.nanoTime() - waitStarted, Long::sum);
        peak = Math.max(peak, RowBatch.allocatedBytes() - arrowBefore);
        bufferBytes += bufferBytes(batch);
        sink.write(batch);
        rows += batch.rows();
        batches++;
      }
      waitStarted = System.nanoTime();
    }
    sink.finish();
    return new TakenBatches(rows, batches, bufferBytes, peak, waitNanos);
  }

  /** The batch's size as the read's tail memory counts it: the bytes its vectors' values take. */
  private static long bufferBytes(RowBatch batch) {
    return batch.root().getFieldVectors().stream()
        .mapToLong(vector -> vector.getBufferSize())
        .sum();
  }

  private static int position(Schema schema, String column) {
    for (int c = 0; c < schema.columns().size(); c++) {
      if (schema.columns().get(c).name().equals(column)) {
        return c;
      }
    }
    return -1;
  }

  /** The Kafka partition of the batch's rows (one per batch), -1 when the read left the column out. */
  private static int partitionOf(RowBatch batch, int partitionColumn) {
    if (partitionColumn < 0 || batch.rows() == 0) {
      return -1;
    }
    return ((IntVector) batch.column(partitionColumn)).get(0);
  }
}
