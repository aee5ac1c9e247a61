package io.mink.schema.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.decode.UndecodableException;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * Whatever the bytes, decoding returns a value or throws UndecodableException (never the
 * catch-all for unexpected exceptions), and allocates in proportion to the payload.
 */
class AvroDecoderPropertiesTest {
  private static final List<CompiledAvroSchema> SCHEMAS =
      AvroTestSchemas.ALL.stream().map(AvroPayloads::compile).toList();
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  @Provide
  Arbitrary<CompiledAvroSchema> schemas() {
    return Arbitraries.of(SCHEMAS);
  }

  @Property(tries = 3000)
  void randomBytesDecodeOrAreRejected(
      @ForAll("schemas") CompiledAvroSchema schema, @ForAll @Size(max = 300) byte[] bytes) {
    decodesOrIsRejected(schema, bytes, 0, bytes.length);
  }

  @Property(tries = 1500)
  void validPayloadDecodesAndEveryTruncationOfItIsRejected(
      @ForAll("schemas") CompiledAvroSchema schema, @ForAll long seed) throws Exception {
    byte[] payload = new RandomAvroData(seed).payload(schema.avroSchema());

    schema.decode(payload, 0, payload.length);
    for (int length = 0; length < payload.length; length++) {
      int truncated = length;
      assertThatThrownBy(() -> schema.decode(payload, 0, truncated))
          .isInstanceOf(UndecodableException.class)
          .satisfies(rejection -> assertThat(rejection.getMessage()).doesNotStartWith(CATCH_ALL));
    }
  }

  @Property(tries = 2000)
  void validPayloadWithABytesChangedDecodesOrIsRejected(
      @ForAll("schemas") CompiledAvroSchema schema,
      @ForAll long seed,
      @ForAll int position,
      @ForAll byte value) {
    byte[] payload = new RandomAvroData(seed).payload(schema.avroSchema());
    if (payload.length > 0) {
      payload[Math.floorMod(position, payload.length)] = value;
    }
    decodesOrIsRejected(schema, payload, 0, payload.length);
  }

  @Property(tries = 1500)
  void payloadWrittenWithAnotherSchemaDecodesOrIsRejected(
      @ForAll("schemas") CompiledAvroSchema writer,
      @ForAll("schemas") CompiledAvroSchema reader,
      @ForAll long seed) {
    byte[] payload = new RandomAvroData(seed).payload(writer.avroSchema());
    byte[] framed = new byte[payload.length + 6];
    System.arraycopy(payload, 0, framed, 3, payload.length);

    decodesOrIsRejected(reader, framed, 3, payload.length);
  }

  @Property(tries = 1000)
  void decodingAllocatesInProportionToThePayload(
      @ForAll("schemas") CompiledAvroSchema schema,
      @ForAll long seed,
      @ForAll @Size(max = 64) byte[] noise) {
    byte[] valid = new RandomAvroData(seed).payload(schema.avroSchema());
    byte[] payload = Arrays.copyOf(valid, valid.length + noise.length / 8);
    System.arraycopy(noise, 0, payload, valid.length, noise.length / 8);
    decodesOrIsRejected(schema, payload, 0, payload.length);

    long before = THREADS.getCurrentThreadAllocatedBytes();
    decodesOrIsRejected(schema, payload, 0, payload.length);
    long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;

    assertThat(allocated).isLessThan(64L * payload.length + 16 * 1024);
  }

  static final String CATCH_ALL = "Avro payload failed to decode";

  static void decodesOrIsRejected(CompiledAvroSchema schema, byte[] bytes, int offset, int length) {
    try {
      schema.decode(bytes, offset, length);
    } catch (UndecodableException rejection) {
      assertThat(rejection.getMessage()).doesNotStartWith(CATCH_ALL);
    }
  }
}
