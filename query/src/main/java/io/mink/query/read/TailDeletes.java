package io.mink.query.read;

import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Whether a record of an upsert table's tail deletes its key rather than replacing the key's row: the one place a
 * union read decides it, as the table's round decides it. A table whose records are change events decides from the
 * decoded event; a plain upsert table from the value alone.
 */
@FunctionalInterface
interface TailDeletes {
  /** A tombstone (a null value) deletes its key; every other record replaces the key's row. */
  TailDeletes TOMBSTONES = record -> record.value() == null;

  boolean deletes(ConsumerRecord<byte[], byte[]> record);
}
