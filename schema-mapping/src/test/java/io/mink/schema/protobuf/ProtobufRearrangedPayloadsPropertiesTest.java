package io.mink.schema.protobuf;

import static io.mink.schema.protobuf.ProtobufColumnCases.CASES;
import static io.mink.schema.protobuf.ProtobufColumnCases.assertSameRows;
import static io.mink.schema.protobuf.ProtobufColumnCases.batch;
import static io.mink.schema.protobuf.ProtobufColumnCases.payloads;
import static io.mink.schema.protobuf.ProtobufColumnCases.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.protobuf.ProtobufColumnCases.Case;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import org.apache.iceberg.data.Record;

/**
 * Protobuf payloads not as protobuf-java writes them decode straight into a batch's columns as the object path
 * decodes them: the same fields shuffled, repeated, run together with another message, among unknown and mistyped
 * fields, and any bytes in a string field.
 */
class ProtobufRearrangedPayloadsPropertiesTest {
  @Provide
  Arbitrary<Case> cases() {
    return Arbitraries.of(CASES);
  }

  @Property(tries = 500)
  void shuffledRepeatedConcatenatedAndUnknownFieldsGiveTheObjectPathsRows(
      @ForAll("cases") Case tested, @ForAll long seed) {
    RearrangedPayloads payloads = payloads(tested, seed);

    assertSameRows(tested, batch(seed, random -> payloads.rearranged()));
  }

  @Property(tries = 1_000)
  void anyBytesInAStringFieldGiveTheObjectPathsText(@ForAll @Size(max = 24) byte[] text)
      throws IOException {
    Case scalars = CASES.get(0);
    byte[] payload = write(out -> {
      out.writeByteArray(14, text);
      out.writeByteArray(24, text);
    });

    Record row = assertSameRows(scalars, List.of(payload)).get(0);

    assertThat(row.getField("s")).isEqualTo(new String(text, StandardCharsets.UTF_8));
    assertThat(row.getField("text")).isEqualTo(new String(text, StandardCharsets.UTF_8));
  }
}
