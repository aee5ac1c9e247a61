package io.mink.bench.read;

import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import org.apache.iceberg.Schema;

/** Where a timed read hands its batches: {@link #begin} once, {@link #write} for each batch, {@link #finish}. */
interface BatchSink {
  /** Takes nothing: the read is timed alone. */
  BatchSink NONE = new BatchSink() {};

  default void begin(Schema schema) throws IOException {}

  /** Called with each batch, which the read closes afterwards. */
  default void write(RowBatch batch) throws IOException {}

  default void finish() throws IOException {}
}
