package io.mink.indexer.upsert;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class BatchFoldTest {
  @Test
  void theLastRecordOfEachKeyWinsInOffsetOrderAndNullKeysAreLeftOut() {
    List<ConsumerRecord<byte[], byte[]>> batch = new ArrayList<>();
    batch.add(record(0, "a", "a0"));
    batch.add(record(1, "b", "b1"));
    batch.add(record(2, null, "n2"));
    batch.add(record(3, "a", null));
    batch.add(record(4, "c", "c4"));
    batch.add(record(5, "b", "b5"));
    batch.add(record(6, null, null));

    BatchFold fold = BatchFold.of(batch);

    assertThat(fold.winners()).extracting(ConsumerRecord::offset).containsExactly(3L, 4L, 5L);
    assertThat(fold.keys()).containsExactly(hash("a"), hash("c"), hash("b"));
    assertThat(fold.nullKeys()).isEqualTo(2);
  }

  @Test
  void anEmptyKeyIsAKey() {
    BatchFold fold = BatchFold.of(List.of(record(0, "", "x"), record(1, "", "y")));
    assertThat(fold.winners()).extracting(ConsumerRecord::offset).containsExactly(1L);
    assertThat(fold.nullKeys()).isZero();
  }

  static ConsumerRecord<byte[], byte[]> record(long offset, String key, String value) {
    return new ConsumerRecord<>(
        "t", 0, offset, key == null ? null : bytes(key), value == null ? null : bytes(value));
  }

  static KeyHash hash(String key) {
    return KeyHash.of(bytes(key));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
