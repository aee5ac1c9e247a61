package io.mink.query.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class TailFetchTest {
  private static final TopicPartition PARTITION = new TopicPartition("orders", 1);

  @Test
  void readsFromTheStartAndStopsAtTheEndWhateverComesAfter() {
    MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
    consumer.updateBeginningOffsets(Map.of(PARTITION, 0L));
    TailFetch fetch = new TailFetch(consumer, "orders", new TailRange(1, 2, 6));
    consumer.schedulePollTask(() -> {
      for (long offset : new long[] {2, 3, 5, 6, 7}) {
        consumer.addRecord(
            new ConsumerRecord<>("orders", 1, offset, null, new byte[] {(byte) offset}));
      }
    });

    List<Long> offsets = new ArrayList<>();
    for (var records = fetch.next(); !records.isEmpty(); records = fetch.next()) {
      records.forEach(record -> offsets.add(record.offset()));
    }

    assertThat(offsets).containsExactly(2L, 3L, 5L);
    assertThat(consumer.assignment()).containsExactly(PARTITION);
  }

  @Test
  void anEmptyTailFetchesNothing() {
    MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");

    assertThat(new TailFetch(consumer, "orders", new TailRange(1, 4, 4)).next()).isEmpty();
  }
}
