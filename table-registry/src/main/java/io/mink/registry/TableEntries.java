package io.mink.registry;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Applies one record of the tables topic to the tables read so far: a descriptor, or a tombstone. */
final class TableEntries {
  private static final Logger LOG = LoggerFactory.getLogger(TableEntries.class);

  private TableEntries() {}

  static void apply(Map<String, TableDescriptor> tables, ConsumerRecord<byte[], byte[]> record, String topic) {
    if (record.key() == null) {
      LOG.error("Skipping the entry without a key at offset {} of {}", record.offset(), topic);
      return;
    }
    String name = new String(record.key(), StandardCharsets.UTF_8);
    if (record.value() == null) {
      tables.remove(name);
      return;
    }
    try {
      tables.put(name, TableDescriptorCodec.decode(record.value()));
    } catch (IllegalArgumentException e) {
      LOG.error("Skipping entry {} at offset {} of {}: {}", name, record.offset(), topic, e.getMessage());
    }
  }
}
