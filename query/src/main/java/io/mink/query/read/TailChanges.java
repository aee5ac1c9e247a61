package io.mink.query.read;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * The last change of each key in one Kafka partition's tail of an upsert table (docs/querying.md, Upsert
 * tables): its offset, and whether it deletes the key. Keys are the records' raw Kafka key bytes; a record
 * without a key changes nothing, as in a round. Changes are added in offset order. Pure.
 */
final class TailChanges {
  /**
   * What one key costs on the heap besides its bytes: the map's entry and table slot, the key's buffer and array
   * headers, and the boxed change.
   */
  static final long KEY_OVERHEAD_BYTES = 112;

  /** Per key, the offset of its last change; for a delete, {@code -1 - offset}. */
  private final Map<ByteBuffer, Long> last = new HashMap<>();

  private long bytes;

  /**
   * Records the change a record at {@code offset} makes to {@code key}.
   *
   * @param key the record's key; null for a record without a key, which changes nothing
   * @param deletes whether the record deletes the key rather than replacing its row
   */
  void add(byte[] key, long offset, boolean deletes) {
    if (key == null) {
      return;
    }
    Long before = last.put(ByteBuffer.wrap(key), deletes ? -1 - offset : offset);
    if (before == null) {
      bytes += KEY_OVERHEAD_BYTES + key.length;
    }
  }

  /** Whether the tail changed the key: the lake's row of that key is not the key's row any more. */
  boolean touches(byte[] key) {
    return key != null && last.containsKey(ByteBuffer.wrap(key));
  }

  /** Whether the record of {@code key} at {@code offset} is the key's last change and does not delete it. */
  boolean isLive(byte[] key, long offset) {
    if (key == null) {
      return false;
    }
    Long change = last.get(ByteBuffer.wrap(key));
    return change != null && change >= 0 && change == offset;
  }

  /** How many keys the tail changed. */
  int keys() {
    return last.size();
  }

  /** How many of those keys the tail left deleted. */
  long deletedKeys() {
    return last.values().stream().filter(change -> change < 0).count();
  }

  /** About how many heap bytes the changes hold. */
  long bytes() {
    return bytes;
  }
}
