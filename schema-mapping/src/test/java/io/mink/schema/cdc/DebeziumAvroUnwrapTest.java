package io.mink.schema.cdc;

import static io.mink.schema.cdc.DebeziumJsonUnwrapTest.names;
import static io.mink.schema.cdc.DebeziumJsonUnwrapTest.upserted;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.avro.AvroSchemaCompiler;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.decode.PartResult;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.registry.SchemaType;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;
import org.apache.avro.Conversions;
import org.apache.avro.Schema;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/**
 * Debezium envelopes in Avro through a registry, framed with Confluent's prefix: the envelope schema as an Avro
 * converter registers it for a Debezium table (nullable {@code before}/{@code after} of the table's Value record,
 * the connector's Source record, {@code op}, optional {@code ts_ms}), payloads written by Avro's own
 * GenericDatumWriter, decoded by Mink's part decoder, then unwrapped.
 */
class DebeziumAvroUnwrapTest {
  private static final String VALUE_V1 = """
      {"type":"record","name":"Value","namespace":"srv.inventory.customers","fields":[
        {"name":"id","type":"int"},
        {"name":"email","type":"string"},
        {"name":"balance","type":["null",{"type":"bytes","logicalType":"decimal","precision":10,"scale":2}],"default":null},
        {"name":"created","type":["null",{"type":"long","logicalType":"timestamp-millis"}],"default":null}%s]}""";
  private static final String ENVELOPE = """
      {"type":"record","name":"Envelope","namespace":"srv.inventory.customers","fields":[
        {"name":"before","type":["null",%s],"default":null},
        {"name":"after","type":["null","Value"],"default":null},
        {"name":"source","type":{"type":"record","name":"Source","namespace":"io.debezium.connector.postgresql",
          "fields":[{"name":"connector","type":"string"},{"name":"ts_ms","type":"long"}]}},
        {"name":"op","type":"string"},
        {"name":"ts_ms","type":["null","long"],"default":null}]}""";
  private static final Schema V1 =
      new Schema.Parser().parse(ENVELOPE.formatted(VALUE_V1.formatted("")));
  private static final Schema V2 = new Schema.Parser()
      .parse(ENVELOPE.formatted(VALUE_V1.formatted(
          ",\n{\"name\":\"nickname\",\"type\":[\"null\",\"string\"],\"default\":null}")));
  private static final GenericData DATA = new GenericData();

  static {
    DATA.addLogicalTypeConversion(new Conversions.DecimalConversion());
    DATA.addLogicalTypeConversion(new TimeConversions.TimestampMillisConversion());
  }

  private final PartDecoder decoder = new PartDecoder(
      ref -> RegisteredSchema.of(
          SchemaType.AVRO, (((SchemaRef.ConfluentId) ref).id() == 1 ? V1 : V2).toString()),
      Map.of(SchemaType.AVRO, new AvroSchemaCompiler()));
  private final DebeziumUnwrapper unwrapper = new DebeziumUnwrapper(MappingOptions.DEFAULT);

  @Test
  void createThroughTheRegistryUpsertsItsRow() throws Exception {
    PartResult.Decoded row = upserted(read(1, event(V1, "c", 1, "anne@example.com")));

    assertThat(names(row.schema().type().asStructType()))
        .containsExactly("id", "email", "balance", "created", "_cdc_op", "_cdc_ts");
    assertThat(row.schema().type().asStructType().field("balance").type())
        .isEqualTo(Types.DecimalType.of(10, 2));
    GenericRecord record = (GenericRecord) row.value();
    assertThat(record.getField("id")).isEqualTo(1);
    assertThat(record.getField("balance")).isEqualTo(new BigDecimal("12.50"));
    assertThat(record.getField("created"))
        .isEqualTo(OffsetDateTime.parse("2024-05-01T10:15:30.123Z"));
    assertThat(record.getField("_cdc_op")).isEqualTo("c");
    assertThat(record.getField("_cdc_ts"))
        .isEqualTo(OffsetDateTime.parse("2019-05-28T08:58:24.863Z"));
    assertThat(row.ref()).isEqualTo(new SchemaRef.ConfluentId(1));
  }

  @Test
  void deleteThroughTheRegistryDeletes() throws Exception {
    GenericData.Record delete = event(V1, "d", 1, "anne@example.com");
    delete.put("before", delete.get("after"));
    delete.put("after", null);

    assertThat(read(1, delete)).isEqualTo(new ChangeEvent.Delete(ChangeEvent.Cause.DELETE_EVENT));
  }

  @Test
  void eachRegisteredEnvelopeSchemaKeepsOneRowSchemaAndANewVersionAddsItsColumn() throws Exception {
    PartResult.Decoded first = upserted(read(1, event(V1, "c", 1, "a@x")));
    PartResult.Decoded again = upserted(read(1, event(V1, "u", 1, "b@x")));
    PartResult.Decoded v2 = upserted(read(2, event(V2, "c", 2, "c@x")));

    assertThat(again.schema()).isSameAs(first.schema());
    assertThat(names(v2.schema().type().asStructType()))
        .containsExactly("id", "email", "balance", "created", "nickname", "_cdc_op", "_cdc_ts");
    assertThat(((GenericRecord) v2.value()).getField("nickname")).isEqualTo("Nick");
  }

  private ChangeEvent read(int schemaId, GenericData.Record event) throws Exception {
    byte[] value = confluentPrefixed(schemaId, write(event));
    return unwrapper.unwrap(decoder.resolve(value, null, MappingOptions.DEFAULT), value);
  }

  private static GenericData.Record event(Schema envelope, String op, int id, String email) {
    Schema value = envelope.getField("after").schema().getTypes().get(1);
    GenericData.Record after = new GenericData.Record(value);
    after.put("id", id);
    after.put("email", email);
    after.put("balance", new BigDecimal("12.50"));
    after.put("created", Instant.parse("2024-05-01T10:15:30.123Z"));
    if (value.getField("nickname") != null) {
      after.put("nickname", "Nick");
    }
    GenericData.Record source =
        new GenericData.Record(envelope.getField("source").schema());
    source.put("connector", "postgresql");
    source.put("ts_ms", DebeziumEvents.SOURCE_MILLIS);
    GenericData.Record event = new GenericData.Record(envelope);
    event.put("after", after);
    event.put("source", source);
    event.put("op", op);
    event.put("ts_ms", 1_714_608_000_000L);
    return event;
  }

  private static byte[] write(GenericData.Record event) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
    new GenericDatumWriter<Object>(event.getSchema(), DATA).write(event, encoder);
    encoder.flush();
    return bytes.toByteArray();
  }

  private static byte[] confluentPrefixed(int id, byte[] payload) {
    return ByteBuffer.allocate(5 + payload.length)
        .put((byte) 0)
        .putInt(id)
        .put(payload)
        .array();
  }
}
