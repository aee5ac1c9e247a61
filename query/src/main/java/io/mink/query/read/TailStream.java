package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.round.RowBuilder;
import io.mink.schema.batch.RowBatch;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A partition's tail read from Kafka as its batches are taken, for tails too large to hold: built by a row builder
 * that starts from the read schema, so every schema version is merged already and the rows fall in its columns.
 */
final class TailStream implements TailBatches {
  private final TailFetch fetch;
  private final RowBuilder rows;
  private final Set<String> columns;
  private final String topic;
  private final Deque<RowBatch> ready = new ArrayDeque<>();
  private boolean done;

  TailStream(TailFetch fetch, RowBuilder rows, Set<String> columns, String topic) {
    this.fetch = requireNonNull(fetch, "fetch is null");
    this.rows = requireNonNull(rows, "rows is null");
    this.columns = Set.copyOf(columns);
    this.topic = requireNonNull(topic, "topic is null");
  }

  @Override
  public boolean hasNext() {
    while (ready.isEmpty() && !done) {
      List<ConsumerRecord<byte[], byte[]>> records = fetch.next();
      if (records.isEmpty()) {
        done = true;
      } else {
        ready.addAll(TailScan.build(rows, records, columns, topic));
      }
    }
    return !ready.isEmpty();
  }

  @Override
  public RowBatch next() {
    if (!hasNext()) {
      throw new NoSuchElementException("the tail is read");
    }
    return ready.poll();
  }

  @Override
  public void close() {
    ready.forEach(RowBatch::close);
    ready.clear();
  }
}
