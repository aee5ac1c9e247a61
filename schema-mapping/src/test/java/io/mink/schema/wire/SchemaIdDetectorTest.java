package io.mink.schema.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.registry.SchemaRef;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.UUID;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import org.junit.jupiter.api.Test;

class SchemaIdDetectorTest {
  private static final UUID GUID = UUID.fromString("6f1b0d59-3c1e-4a57-9d77-2b1b6f8d1c2e");
  private static final byte[] PAYLOAD = {10, 20, 30};

  @Test
  void confluentPrefixGivesTheIdAndThePayloadAfterIt() {
    byte[] bytes = concat(new byte[] {0, 0, 0, 1, 7}, PAYLOAD);

    WirePayload found = found(SchemaIdDetector.detect(bytes, null));

    assertThat(found.format()).isEqualTo(WireFormat.CONFLUENT);
    assertThat(found.ref()).isEqualTo(new SchemaRef.ConfluentId(263));
    assertThat(payload(found)).containsExactly(PAYLOAD);
  }

  @Test
  void headerSchemaIdWinsOverPrefix() {
    byte[] bytes = concat(new byte[] {0, 0, 0, 0, 1}, PAYLOAD);
    byte[] header = concat(new byte[] {1}, guidBytes(GUID));

    WirePayload found = found(SchemaIdDetector.detect(bytes, header));

    assertThat(found.format()).isEqualTo(WireFormat.HEADER);
    assertThat(found.ref()).isEqualTo(new SchemaRef.SchemaGuid(GUID));
    assertThat(payload(found)).containsExactly(bytes);
  }

  @Test
  void headerKeepsProtobufMessageIndexesAfterTheGuid() {
    byte[] header = concat(new byte[] {1}, guidBytes(GUID), new byte[] {2, 2, 4});

    WirePayload found = found(SchemaIdDetector.detect(PAYLOAD, header));

    assertThat(found.headerTail()).containsExactly(2, 2, 4);
  }

  @Test
  void malformedHeaderIsNoSchemaId() {
    assertThat(SchemaIdDetector.detect(PAYLOAD, new byte[] {1, 2, 3}))
        .isInstanceOf(Detection.NoSchemaId.class);
    assertThat(SchemaIdDetector.detect(PAYLOAD, concat(new byte[] {9}, guidBytes(GUID))))
        .isInstanceOf(Detection.NoSchemaId.class);
  }

  @Test
  void gluePrefixGivesTheSchemaVersionUuid() {
    byte[] bytes = concat(new byte[] {3, 0}, guidBytes(GUID), PAYLOAD);

    WirePayload found = found(SchemaIdDetector.detect(bytes, null));

    assertThat(found.format()).isEqualTo(WireFormat.GLUE);
    assertThat(found.ref()).isEqualTo(new SchemaRef.GlueVersionId(GUID));
    assertThat(payload(found)).containsExactly(PAYLOAD);
  }

  @Test
  void zlibGluePayloadIsInflated() throws Exception {
    byte[] text =
        "a payload that compresses, a payload that compresses".getBytes(StandardCharsets.UTF_8);
    byte[] bytes = concat(new byte[] {3, 5}, guidBytes(GUID), zlib(text));

    WirePayload found = found(SchemaIdDetector.detect(bytes, null));

    assertThat(payload(found)).containsExactly(text);
  }

  @Test
  void zlibBombIsUnreadableNotInflated() throws Exception {
    byte[] bomb = zlib(new byte[BoundedInflater.MAX_INFLATED_BYTES + 1024]);
    byte[] bytes = concat(new byte[] {3, 5}, guidBytes(GUID), bomb);

    assertThat(SchemaIdDetector.detect(bytes, null))
        .isEqualTo(new Detection.Unreadable(
            "zlib payload inflates beyond " + BoundedInflater.MAX_INFLATED_BYTES + " bytes"));
  }

  @Test
  void brokenZlibIsUnreadable() {
    byte[] bytes = concat(new byte[] {3, 5}, guidBytes(GUID), new byte[] {1, 2, 3, 4});

    assertThat(SchemaIdDetector.detect(bytes, null)).isInstanceOf(Detection.Unreadable.class);
  }

  @Test
  void bytesWithoutMagicHaveNoSchemaId() {
    assertThat(SchemaIdDetector.detect("{\"json\":1}".getBytes(StandardCharsets.UTF_8), null))
        .isInstanceOf(Detection.NoSchemaId.class);
    assertThat(SchemaIdDetector.detect(new byte[] {0, 0, 1}, null))
        .isInstanceOf(Detection.NoSchemaId.class);
    assertThat(SchemaIdDetector.detect(new byte[0], null)).isInstanceOf(Detection.NoSchemaId.class);
  }

  @Test
  void glueMagicWithUnknownCompressionFallsBackToNoSchemaId() {
    byte[] bytes = concat(new byte[] {3, 9}, guidBytes(GUID), PAYLOAD);

    assertThat(SchemaIdDetector.detect(bytes, null)).isInstanceOf(Detection.NoSchemaId.class);
  }

  static WirePayload found(Detection detection) {
    assertThat(detection).isInstanceOf(Detection.Found.class);
    return ((Detection.Found) detection).payload();
  }

  static byte[] payload(WirePayload payload) {
    return Arrays.copyOfRange(
        payload.data(), payload.offset(), payload.offset() + payload.length());
  }

  static byte[] guidBytes(UUID uuid) {
    return ByteBuffer.allocate(16)
        .putLong(uuid.getMostSignificantBits())
        .putLong(uuid.getLeastSignificantBits())
        .array();
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }

  private static byte[] zlib(byte[] bytes) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DeflaterOutputStream deflater =
        new DeflaterOutputStream(out, new Deflater(Deflater.BEST_COMPRESSION))) {
      deflater.write(bytes);
    }
    return out.toByteArray();
  }
}
