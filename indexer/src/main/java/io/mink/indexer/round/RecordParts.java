package io.mink.indexer.round;

import io.mink.schema.decode.PartResult;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Decodes a record's key and value for the row builder: through the schema registry, or however a reader needs. */
@FunctionalInterface
public interface RecordParts {
  /**
   * The record's key and value, each decoded, raw with its reason, or (a value) {@link PartResult.Encoded} for
   * the batch to decode straight into its columns; empty when decoding cannot go on now, such
   * as when the schema registry is down past the round's deadline: the record and those after it are left for later.
   */
  Optional<Parts> decode(ConsumerRecord<byte[], byte[]> record) throws InterruptedException;

  /**
   * A record's decoded parts.
   *
   * @param deletes the record deletes its key's row rather than being a row: a change event's delete
   */
  record Parts(PartResult key, PartResult value, boolean deletes) {
    public Parts(PartResult key, PartResult value) {
      this(key, value, false);
    }
  }
}
