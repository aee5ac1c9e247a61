package io.mink.schema.wire;

import static io.mink.schema.wire.SchemaIdDetectorTest.concat;
import static io.mink.schema.wire.SchemaIdDetectorTest.found;
import static io.mink.schema.wire.SchemaIdDetectorTest.guidBytes;
import static io.mink.schema.wire.SchemaIdDetectorTest.payload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.decode.MessageSelector;
import io.mink.schema.decode.UndecodableException;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ProtobufMessageSelectionTest {
  private static final byte[] PAYLOAD = {8, 1};

  @Test
  void loneZeroAfterConfluentIdMeansTheFirstMessage() throws Exception {
    ProtobufMessageSelection selection = read(concat(new byte[] {0, 0, 0, 0, 4, 0}, PAYLOAD), null);

    assertThat(selection.selector()).isEqualTo(new MessageSelector.ConfluentIndexes(new int[] {0}));
    assertThat(payload(selection.payload())).containsExactly(PAYLOAD);
  }

  @Test
  void confluentIndexesAreZigzagCountThenZigzagIndexes() throws Exception {
    ProtobufMessageSelection selection =
        read(concat(new byte[] {0, 0, 0, 0, 4, 4, 2, 6}, PAYLOAD), null);

    assertThat(selection.selector())
        .isEqualTo(new MessageSelector.ConfluentIndexes(new int[] {1, 3}));
    assertThat(payload(selection.payload())).containsExactly(PAYLOAD);
  }

  @Test
  void headerWithoutIndexesMeansTheFirstMessage() throws Exception {
    UUID guid = UUID.randomUUID();
    ProtobufMessageSelection selection = read(PAYLOAD, concat(new byte[] {1}, guidBytes(guid)));

    assertThat(selection.selector()).isEqualTo(new MessageSelector.ConfluentIndexes(new int[] {0}));
    assertThat(payload(selection.payload())).containsExactly(PAYLOAD);
  }

  @Test
  void headerIndexesFollowTheGuid() throws Exception {
    ProtobufMessageSelection selection =
        read(PAYLOAD, concat(new byte[] {1}, guidBytes(UUID.randomUUID()), new byte[] {2, 2}));

    assertThat(selection.selector()).isEqualTo(new MessageSelector.ConfluentIndexes(new int[] {1}));
  }

  @Test
  void gluePayloadStartsWithOneUnsignedVarintMessageIndex() throws Exception {
    byte[] bytes = concat(
        new byte[] {3, 0}, guidBytes(UUID.randomUUID()), new byte[] {(byte) 0x81, 0x01}, PAYLOAD);

    ProtobufMessageSelection selection = read(bytes, null);

    assertThat(selection.selector()).isEqualTo(new MessageSelector.GlueMessageIndex(129));
    assertThat(payload(selection.payload())).containsExactly(PAYLOAD);
  }

  @Test
  void truncatedIndexesAreUndecodable() {
    assertThatThrownBy(() -> read(new byte[] {0, 0, 0, 0, 4, 4, 2}, null))
        .isInstanceOf(UndecodableException.class)
        .hasMessage("Truncated Protobuf message indexes at byte 7");
  }

  @Test
  void absurdIndexCountIsUndecodable() {
    assertThatThrownBy(() -> read(new byte[] {0, 0, 0, 0, 4, (byte) 0xFE, 0x7F}, null))
        .isInstanceOf(UndecodableException.class)
        .hasMessageStartingWith("Invalid Protobuf message index count 8191");
  }

  private static ProtobufMessageSelection read(byte[] bytes, byte[] header)
      throws UndecodableException {
    return ProtobufMessageSelection.read(found(SchemaIdDetector.detect(bytes, header)));
  }
}
