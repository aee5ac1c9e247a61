package io.mink.bench;

import java.util.List;
import java.util.function.Function;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * How the write limit turns the records of a chunk into table rows: a part before the timed writing ({@link
 * #prepare}), and a part each writer thread does as it writes ({@link #converter}), timed with the writing.
 *
 * @param <T> what a record is when the timed writing starts
 */
public interface ChunkRows<T> {
  /** Called once with the fresh table the rows go to, before the first chunk. */
  void open(Table table);

  /** Untimed: a partition's records as the writer threads get them. */
  List<T> prepare(List<ConsumerRecord<byte[], byte[]>> records);

  /** The rows' schema, known once the first chunk is prepared. */
  Schema schema();

  /** A new converter for one writer thread, which owns it. */
  Function<T, Record> converter();
}
