package io.mink.query.read;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class TailChangesTest {
  @Test
  void aKeysLastChangeWinsAndOnlyItsRecordIsLive() {
    TailChanges changes = new TailChanges();
    changes.add(key("a"), 10, false);
    changes.add(key("b"), 11, false);
    changes.add(key("a"), 12, false);

    assertThat(changes.isLive(key("a"), 10)).isFalse();
    assertThat(changes.isLive(key("a"), 12)).isTrue();
    assertThat(changes.isLive(key("b"), 11)).isTrue();
    assertThat(changes.touches(key("a"))).isTrue();
    assertThat(changes.touches(key("c"))).isFalse();
    assertThat(changes.keys()).isEqualTo(2);
  }

  @Test
  void aDeleteLeavesTheKeyTouchedAndNoRecordOfItLive() {
    TailChanges changes = new TailChanges();
    changes.add(key("a"), 10, false);
    changes.add(key("a"), 11, true);

    assertThat(changes.touches(key("a"))).isTrue();
    assertThat(changes.isLive(key("a"), 10)).isFalse();
    assertThat(changes.isLive(key("a"), 11)).isFalse();
    assertThat(changes.deletedKeys()).isEqualTo(1);
  }

  @Test
  void aPutAfterADeleteMakesTheKeyLiveAgain() {
    TailChanges changes = new TailChanges();
    changes.add(key("a"), 0, true);
    changes.add(key("a"), 1, false);

    assertThat(changes.isLive(key("a"), 1)).isTrue();
    assertThat(changes.deletedKeys()).isZero();
  }

  @Test
  void aDeleteAtOffsetZeroIsNotMistakenForALiveRecord() {
    TailChanges changes = new TailChanges();
    changes.add(key("a"), 0, true);

    assertThat(changes.isLive(key("a"), 0)).isFalse();
    assertThat(changes.isLive(key("a"), -1)).isFalse();
  }

  @Test
  void recordsWithoutAKeyChangeNothingAndAreNeverLive() {
    TailChanges changes = new TailChanges();
    changes.add(null, 5, false);

    assertThat(changes.keys()).isZero();
    assertThat(changes.touches(null)).isFalse();
    assertThat(changes.isLive(null, 5)).isFalse();
    assertThat(changes.bytes()).isZero();
  }

  @Test
  void keysAreTheirBytesAndCountOnceInTheMemoryHeld() {
    TailChanges changes = new TailChanges();
    changes.add(new byte[] {0, 1, 2}, 1, false);
    changes.add(new byte[] {0, 1, 2}, 2, false);
    changes.add(new byte[] {}, 3, false);

    assertThat(changes.isLive(new byte[] {0, 1, 2}, 2)).isTrue();
    assertThat(changes.isLive(new byte[] {}, 3)).isTrue();
    assertThat(changes.keys()).isEqualTo(2);
    assertThat(changes.bytes()).isEqualTo(2 * TailChanges.KEY_OVERHEAD_BYTES + 3);
  }

  @Test
  void tombstonesDeleteTheirKeyAndOtherRecordsReplaceItsRow() {
    ConsumerRecord<byte[], byte[]> tombstone = new ConsumerRecord<>("t", 0, 1, key("a"), null);
    ConsumerRecord<byte[], byte[]> put = new ConsumerRecord<>("t", 0, 2, key("a"), key("v"));
    ConsumerRecord<byte[], byte[]> empty = new ConsumerRecord<>("t", 0, 3, key("a"), new byte[0]);

    assertThat(TailDeletes.TOMBSTONES.deletes(tombstone)).isTrue();
    assertThat(TailDeletes.TOMBSTONES.deletes(put)).isFalse();
    assertThat(TailDeletes.TOMBSTONES.deletes(empty)).isFalse();
  }

  private static byte[] key(String text) {
    return text.getBytes(UTF_8);
  }
}
