package io.mink.schema.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.decode.UndecodableException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

class WireDetectionFuzzTest {
  @Property(tries = 20_000)
  void detectionNeverThrowsAndPayloadStaysInBounds(
      @ForAll @Size(max = 64) byte[] bytes,
      @ForAll @Size(max = 40) byte[] header,
      @ForAll boolean withHeader) {
    Detection detection = SchemaIdDetector.detect(bytes, withHeader ? header : null);
    if (detection instanceof Detection.Found found) {
      WirePayload payload = found.payload();
      assertThat(payload.offset() + payload.length()).isLessThanOrEqualTo(payload.data().length);
      try {
        ProtobufMessageSelection selection = ProtobufMessageSelection.read(payload);
        assertThat(selection.payload().offset()).isGreaterThanOrEqualTo(payload.offset());
      } catch (UndecodableException e) {
        assertThat(e.getMessage()).isNotBlank();
      }
    }
  }

  @Property(tries = 5_000)
  void gluePrefixedRandomBytesNeverThrow(
      @ForAll @Size(min = 18, max = 200) byte[] bytes, @ForAll boolean zlib) {
    bytes[0] = 3;
    bytes[1] = (byte) (zlib ? 5 : 0);
    Detection detection = SchemaIdDetector.detect(bytes, null);
    assertThat(detection).isNotInstanceOf(Detection.NoSchemaId.class);
  }
}
