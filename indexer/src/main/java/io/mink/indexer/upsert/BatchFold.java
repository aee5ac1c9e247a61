package io.mink.indexer.upsert;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Folds a batch of one partition's records per key, in offset order, as Kafka's log compaction would: the last
 * record of each key wins; a record without a key cannot be upserted and is left out. Pure.
 *
 * @param winners the last record of each key, in offset order
 * @param keys the winners' key hashes, in the same order
 * @param nullKeys how many records had no key
 */
record BatchFold(List<ConsumerRecord<byte[], byte[]>> winners, List<KeyHash> keys, int nullKeys) {

  static BatchFold of(List<ConsumerRecord<byte[], byte[]>> batch) {
    KeyHash[] hashes = new KeyHash[batch.size()];
    Map<KeyHash, Integer> last = new HashMap<>(batch.size() * 2);
    int nullKeys = 0;
    for (int i = 0; i < batch.size(); i++) {
      byte[] key = batch.get(i).key();
      if (key == null) {
        nullKeys++;
        continue;
      }
      hashes[i] = KeyHash.of(key);
      last.put(hashes[i], i);
    }
    List<ConsumerRecord<byte[], byte[]>> winners = new ArrayList<>(last.size());
    List<KeyHash> keys = new ArrayList<>(last.size());
    for (int i = 0; i < batch.size(); i++) {
      if (hashes[i] != null && last.get(hashes[i]) == i) {
        winners.add(batch.get(i));
        keys.add(hashes[i]);
      }
    }
    return new BatchFold(winners, keys, nullKeys);
  }
}
