package io.mink.schema.decode;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.avro.AvroSchemaCompiler;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.registry.SchemaRegistry;
import io.mink.schema.registry.SchemaType;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** One decoder serves tables of different options: a schema compiles once per options and id. */
class PartDecoderOptionsTest {
  private static final RegisteredSchema RIDE = RegisteredSchema.of(SchemaType.AVRO, """
      {"type":"record","name":"Ride","fields":[{"name":"pickup","type":{"type":"int","logicalType":"time-millis"}}]}
      """);

  @Test
  void theSameSchemaDecodesIntoEachTablesTypes() throws Exception {
    AtomicInteger fetches = new AtomicInteger();
    SchemaRegistry registry = ref -> {
      fetches.incrementAndGet();
      return RIDE;
    };
    PartDecoder decoder =
        new PartDecoder(registry, Map.of(SchemaType.AVRO, new AvroSchemaCompiler()));
    byte[] value = confluentPrefixed(7, zigZagVarint(3_600_000));

    PartResult.Decoded asLong = (PartResult.Decoded) decoder.decode(value, null);
    PartResult.Decoded asString =
        (PartResult.Decoded) decoder.decode(value, null, new MappingOptions(TimeOfDay.STRING));
    PartResult.Decoded asTime =
        (PartResult.Decoded) decoder.decode(value, null, new MappingOptions(TimeOfDay.TIME));
    PartResult.Decoded asLongAgain =
        (PartResult.Decoded) decoder.decode(value, null, MappingOptions.DEFAULT);

    assertThat(((GenericRecord) asLong.value()).getField("pickup")).isEqualTo(3_600_000_000L);
    assertThat(((GenericRecord) asString.value()).getField("pickup")).isEqualTo("01:00:00.000000");
    assertThat(asTime.schema().type().asStructType().field("pickup").type())
        .isEqualTo(Types.TimeType.get());
    assertThat(asLongAgain.schema()).isSameAs(asLong.schema());
    assertThat(asLong.ref()).isEqualTo(new SchemaRef.ConfluentId(7));
    assertThat(fetches.get()).isEqualTo(3);
  }

  private static byte[] confluentPrefixed(int id, byte[] payload) {
    return ByteBuffer.allocate(5 + payload.length)
        .put((byte) 0)
        .putInt(id)
        .put(payload)
        .array();
  }

  private static byte[] zigZagVarint(int value) {
    int zigZag = (value << 1) ^ (value >> 31);
    ByteBuffer out = ByteBuffer.allocate(5);
    while ((zigZag & ~0x7F) != 0) {
      out.put((byte) ((zigZag & 0x7F) | 0x80));
      zigZag >>>= 7;
    }
    out.put((byte) zigZag);
    return Arrays.copyOf(out.array(), out.position());
  }
}
