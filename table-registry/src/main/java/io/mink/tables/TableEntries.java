package io.mink.tables;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The records of the tables topic: key the qualified table name, value the entry as JSON or a tombstone for a
 * removed table, and a header naming the write that made the record, so a writer can tell its own change from an
 * equal one of another writer.
 */
final class TableEntries {
  /** The header that carries the id of the write, a random UUID per change. */
  static final String WRITE_ID_HEADER = "mink-write-id";

  private static final Logger LOG = LoggerFactory.getLogger(TableEntries.class);

  private TableEntries() {}

  static Headers writeIdHeaders(String writeId) {
    return new RecordHeaders().add(WRITE_ID_HEADER, writeId.getBytes(StandardCharsets.UTF_8));
  }

  /** The id of the write that made the record; empty for records written before write ids existed. */
  static Optional<String> writeId(ConsumerRecord<byte[], byte[]> record) {
    Header header = record.headers().lastHeader(WRITE_ID_HEADER);
    return header == null || header.value() == null
        ? Optional.empty()
        : Optional.of(new String(header.value(), StandardCharsets.UTF_8));
  }

  /**
   * Applies one record to the entries read so far: an entry, or a tombstone that removes one. An entry of a newer
   * format than this Mink reads goes to {@code newer} instead, in place of any older entry of the table, and is
   * logged as an error: the table is neither read from an older entry nor taken for removed.
   */
  static void apply(
      Map<String, TableEntry> entries,
      Map<String, NewerEntryFormatException> newer,
      ConsumerRecord<byte[], byte[]> record,
      String topic) {
    if (record.key() == null) {
      LOG.error("Skipping the entry without a key at offset {} of {}", record.offset(), topic);
      return;
    }
    String name = new String(record.key(), StandardCharsets.UTF_8);
    if (record.value() == null) {
      entries.remove(name);
      newer.remove(name);
      return;
    }
    try {
      int version = TableDescriptorCodec.version(record.value());
      if (version > TableDescriptorCodec.ENTRY_FORMAT_VERSION) {
        NewerEntryFormatException refusal = new NewerEntryFormatException(name, topic, version);
        entries.remove(name);
        newer.put(name, refusal);
        LOG.error("At offset {} of {}: {}", record.offset(), topic, refusal.getMessage());
        return;
      }
      entries.put(name, TableDescriptorCodec.decode(record.value()));
      newer.remove(name);
    } catch (IllegalArgumentException e) {
      LOG.error(
          "Skipping entry {} at offset {} of {}: {}", name, record.offset(), topic, e.getMessage());
    }
  }
}
