package io.mink.indexer.upsert;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;

/**
 * Where each live key of one Kafka partition's rows is in the lake: its data file and row position, by key hash.
 * Rows the index found twice for one key (the older ones) are strays, for the next commit to delete.
 */
final class PartitionKeys {
  private static final int POSITION_BITS = 40;
  private static final long POSITION_MASK = (1L << POSITION_BITS) - 1;

  private final KeyTable keys = new KeyTable();
  private final List<DataFile> files = new ArrayList<>();
  private final Map<String, Integer> fileIds = new HashMap<>();
  private final List<RowLocation> strays = new ArrayList<>();

  /** A row of the lake: a data file and a position in it. */
  record RowLocation(DataFile file, long position) {}

  int size() {
    return keys.size();
  }

  long memoryBytes() {
    return keys.memoryBytes() + files.size() * 64L;
  }

  long memoryBytesWithOneMore() {
    return keys.memoryBytesWithOneMore() + files.size() * 64L;
  }

  /** Where the key's row is, or null when the key has none. */
  RowLocation find(KeyHash key) {
    long location = keys.get(key.high(), key.low());
    return location == KeyTable.ABSENT ? null : decode(location);
  }

  /** Records the key's row, and returns where its previous row was, or null. */
  RowLocation put(KeyHash key, DataFile file, long position) {
    long previous = keys.put(key.high(), key.low(), encode(file, position));
    return previous == KeyTable.ABSENT ? null : decode(previous);
  }

  /** Forgets the key, and returns where its row was, or null. */
  RowLocation remove(KeyHash key) {
    long previous = keys.remove(key.high(), key.low());
    return previous == KeyTable.ABSENT ? null : decode(previous);
  }

  void addStray(DataFile file, long position) {
    strays.add(new RowLocation(file, position));
  }

  /** The rows found twice for one key and not deleted yet; taken once. */
  List<RowLocation> takeStrays() {
    List<RowLocation> taken = List.copyOf(strays);
    strays.clear();
    return taken;
  }

  private long encode(DataFile file, long position) {
    if (position > POSITION_MASK) {
      throw new IllegalArgumentException("Row position " + position + " of " + file.location()
          + " is beyond what the key index holds (" + POSITION_MASK + ")");
    }
    Integer id = fileIds.get(file.location());
    if (id == null) {
      id = files.size();
      files.add(file);
      fileIds.put(file.location(), id);
    }
    return ((long) id << POSITION_BITS) | position;
  }

  private RowLocation decode(long location) {
    return new RowLocation(files.get((int) (location >>> POSITION_BITS)), location & POSITION_MASK);
  }
}
