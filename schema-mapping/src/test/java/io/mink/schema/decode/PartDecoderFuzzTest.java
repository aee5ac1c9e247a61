package io.mink.schema.decode;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.KafkaColumns;
import io.mink.schema.avro.AvroSchemaCompiler;
import io.mink.schema.json.JsonSchemaCompiler;
import io.mink.schema.protobuf.ProtobufSchemaCompiler;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaNotFoundException;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.registry.SchemaRegistry;
import io.mink.schema.registry.SchemaType;
import io.mink.schema.table.MergeResult;
import io.mink.schema.table.RowAssembler;
import io.mink.schema.table.SchemaMerge;
import io.mink.schema.table.TableSchema;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Random bytes behind every wire format and schema language, through detection, decoding, schema
 * merge and row assembly: nothing throws, and a part left raw keeps its exact bytes.
 */
class PartDecoderFuzzTest {
  private static final UUID GUID = UUID.fromString("00000000-0000-0000-0000-000000000002");
  private static final UUID GLUE = UUID.fromString("00000000-0000-0000-0000-000000000003");
  private static final Map<SchemaRef, RegisteredSchema> SCHEMAS = Map.of(
      new SchemaRef.ConfluentId(1), RegisteredSchema.of(SchemaType.AVRO, """
          {"type":"record","name":"R","fields":[{"name":"a","type":"long"},{"name":"b","type":["null","string"]},
          {"name":"c","type":{"type":"array","items":"int"}},{"name":"d","type":{"type":"map","values":"double"}}]}"""),
      new SchemaRef.ConfluentId(2), RegisteredSchema.of(SchemaType.PROTOBUF, """
          syntax = "proto3";
          message M { int64 a = 1; string b = 2; repeated sint32 c = 3; map<string, double> d = 4; N n = 5; }
          message N { bytes x = 1; fixed64 y = 2; }"""),
      new SchemaRef.SchemaGuid(GUID), RegisteredSchema.of(SchemaType.JSON, """
          {"type":"object","properties":{"a":{"type":"integer"},"b":{"type":["string","null"]},
          "c":{"type":"array","items":{"type":"number"}},"d":{"type":"string","format":"date-time"}},
          "required":["a"]}"""),
      new SchemaRef.GlueVersionId(GLUE), RegisteredSchema.of(SchemaType.AVRO, "\"string\""));

  private static final SchemaRegistry REGISTRY = ref -> {
    RegisteredSchema schema = SCHEMAS.get(ref);
    if (schema == null) {
      throw new SchemaNotFoundException("no schema " + ref);
    }
    return schema;
  };

  private final PartDecoder decoder = new PartDecoder(
      REGISTRY,
      Map.of(
          SchemaType.AVRO,
          new AvroSchemaCompiler(),
          SchemaType.PROTOBUF,
          new ProtobufSchemaCompiler(),
          SchemaType.JSON,
          new JsonSchemaCompiler()));

  @Property(tries = 40_000)
  void anyBytesBehindAnyWireFormatDecodeOrStayRawWithTheirBytes(
      @ForAll("prefixes") byte[] prefix,
      @ForAll @Size(max = 96) byte[] payload,
      @ForAll("headers") byte[] header)
      throws Exception {
    byte[] value = ByteBuffer.allocate(prefix.length + payload.length)
        .put(prefix)
        .put(payload)
        .array();

    PartResult result = decoder.decode(value, header);

    assertThat(result).isNotInstanceOf(PartResult.Absent.class);
    Record row = row(value, result);
    if (result instanceof PartResult.Raw) {
      assertThat(row.getField(KafkaColumns.VALUE)).isEqualTo(ByteBuffer.wrap(value));
    } else {
      assertThat(row.getField(KafkaColumns.VALUE)).isNull();
    }
  }

  @Property(tries = 10_000)
  void truncatedProtobufIndexesNeverThrow(
      @ForAll @IntRange(min = 0, max = 12) int cut, @ForAll @Size(max = 16) byte[] indexes)
      throws Exception {
    byte[] value = ByteBuffer.allocate(5 + indexes.length)
        .put((byte) 0)
        .putInt(2)
        .put(indexes)
        .array();
    byte[] truncated = java.util.Arrays.copyOf(value, Math.max(5, Math.min(value.length, 5 + cut)));

    assertThat(decoder.decode(truncated, null)).isNotNull();
  }

  @Provide
  Arbitrary<byte[]> prefixes() {
    return Arbitraries.oneOf(
        Arbitraries.just(new byte[0]),
        Arbitraries.of(1, 2, 3, 99)
            .map(id -> ByteBuffer.allocate(5).put((byte) 0).putInt(id).array()),
        Arbitraries.of((byte) 0, (byte) 5, (byte) 7)
            .map(compression -> ByteBuffer.allocate(18)
                .put((byte) 3)
                .put(compression)
                .putLong(GLUE.getMostSignificantBits())
                .putLong(GLUE.getLeastSignificantBits())
                .array()),
        Arbitraries.bytes().array(byte[].class).ofMaxSize(8));
  }

  @Provide
  Arbitrary<byte[]> headers() {
    return Arbitraries.oneOf(
        Arbitraries.just((byte[]) null),
        Arbitraries.bytes()
            .array(byte[].class)
            .ofMaxSize(4)
            .map(tail -> ByteBuffer.allocate(17 + tail.length)
                .put((byte) 1)
                .putLong(GUID.getMostSignificantBits())
                .putLong(GUID.getLeastSignificantBits())
                .put(tail)
                .array()),
        Arbitraries.bytes().array(byte[].class).ofMaxSize(20));
  }

  private static Record row(byte[] value, PartResult result) {
    Schema schema = KafkaColumns.SCHEMA;
    if (result instanceof PartResult.Decoded decoded) {
      MergeResult merged =
          SchemaMerge.mergeValue(TableSchema.initial(schema), decoded.schema().type());
      assertThat(merged).isInstanceOf(MergeResult.Merged.class);
      schema = ((MergeResult.Merged) merged).schema();
    }
    return new RowAssembler(schema)
        .row(new ConsumerRecord<>("t", 0, 0L, null, value), PartResult.ABSENT, result);
  }
}
