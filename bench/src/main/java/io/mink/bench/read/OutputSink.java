package io.mink.bench.read;

import io.mink.bench.CpuSplit;
import io.mink.cli.read.ReadOutput;
import io.mink.cli.read.RowsWriter;
import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.util.Map;
import org.apache.iceberg.Schema;

/**
 * Phase (d)'s sink: the rows of a read printed by {@code mink read}'s writer of one output format into a stream
 * that counts the bytes and keeps none. Times the writer's calls apart from the read that feeds them.
 */
final class OutputSink implements BatchSink {
  private final ReadOutput format;
  private final CountingNullStream out = new CountingNullStream();
  private RowsWriter writer;
  private long nanos;
  private long cpuNanos;

  OutputSink(ReadOutput format) {
    this.format = format;
  }

  @Override
  public void begin(Schema schema) throws IOException {
    writer = RowsWriter.of(format, out);
    timed(() -> writer.begin(schema, Map.of()));
  }

  @Override
  public void write(RowBatch batch) throws IOException {
    timed(() -> writer.write(batch));
  }

  @Override
  public void finish() throws IOException {
    try {
      timed(writer::finish);
    } finally {
      writer.close();
    }
  }

  /** The bytes written so far. */
  long bytes() {
    return out.bytes();
  }

  /** The time spent in the writer's calls. */
  long nanos() {
    return nanos;
  }

  /** The reading thread's CPU time in the writer's calls, -1 where unknown. */
  long cpuNanos() {
    return cpuNanos;
  }

  private interface WriterCall {
    void run() throws IOException;
  }

  private void timed(WriterCall call) throws IOException {
    long cpuAtStart = CpuSplit.currentThreadNanos();
    long started = System.nanoTime();
    call.run();
    nanos += System.nanoTime() - started;
    cpuNanos =
        cpuAtStart < 0 || cpuNanos < 0 ? -1 : cpuNanos + CpuSplit.currentThreadNanos() - cpuAtStart;
  }
}
