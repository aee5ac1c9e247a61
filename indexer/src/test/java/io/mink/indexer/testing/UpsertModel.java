package io.mink.indexer.testing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an upsert table must hold, computed apart from Mink: the newest record of each key among the records below
 * the table's offsets, unless that record is a tombstone. Records without a key are not in it.
 */
public final class UpsertModel {
  private final List<Produced> records = new ArrayList<>();

  /** A record as the producer wrote it and Kafka placed it; key and value as text, either may be null. */
  public record Produced(int partition, long offset, String key, String value) {}

  /** A live row: its key, value, and where it came from. */
  public record Row(String key, String value, int partition, long offset) {}

  public void add(int partition, long offset, String key, String value) {
    records.add(new Produced(partition, offset, key, value));
  }

  /** The live rows below {@code nextOffsets} (per partition, the next offset to read), by key. */
  public Map<String, Row> liveBelow(Map<Integer, Long> nextOffsets) {
    Map<String, Produced> newest = new TreeMap<>();
    for (Produced record : records) {
      long next = nextOffsets.getOrDefault(record.partition(), 0L);
      if (record.key() == null || record.offset() >= next) {
        continue;
      }
      Produced known = newest.get(record.key());
      if (known == null
          || known.offset() < record.offset()
          || known.partition() != record.partition()) {
        newest.put(record.key(), record);
      }
    }
    Map<String, Row> live = new TreeMap<>();
    newest.forEach((key, record) -> {
      if (record.value() != null) {
        live.put(key, new Row(key, record.value(), record.partition(), record.offset()));
      }
    });
    return live;
  }

  /** How many records had no key. */
  public long nullKeys() {
    return records.stream().filter(record -> record.key() == null).count();
  }

  public static String text(byte[] bytes) {
    return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
  }
}
