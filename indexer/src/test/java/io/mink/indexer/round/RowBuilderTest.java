package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.KafkaColumns;
import io.mink.schema.avro.AvroSchemaCompiler;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.RawReason;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.registry.SchemaType;
import io.mink.schema.table.TableSchema;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/** The row step on its own: batches of records in, row segments of one schema each out, no broker or lake. */
class RowBuilderTest {
  private static final String V1 = """
      {"type":"record","name":"Order","fields":[{"name":"id","type":"long"}]}""";
  private static final String V2 = """
      {"type":"record","name":"Order","fields":[{"name":"id","type":"long"},
       {"name":"note","type":["null","string"],"default":null}]}""";

  private final CompiledSchema v1 = compile(V1);
  private final CompiledSchema v2 = compile(V2);

  @Test
  void aSchemaChangeMidBatchStartsANewSegmentUnderTheMergedSchema() throws Exception {
    RowBuilder rows = builder(record -> Optional.of(new RecordParts.Parts(
        PartResult.ABSENT,
        record.offset() < 2
            ? decoded(v1, V1, record.offset(), null)
            : decoded(v2, V2, record.offset(), "n"))));

    RowBuilder.Built built = rows.build(records(0, 4));

    assertThat(built.records()).isEqualTo(4);
    assertThat(built.segments()).hasSize(2);
    assertThat(built.segments().get(0).schema().findField("note")).isNull();
    assertThat(built.segments().get(1).schema().findField("note").type())
        .isEqualTo(Types.StringType.get());
    assertThat(built.segments().get(1).batch().toRecords())
        .extracting(row -> row.getField("note"))
        .containsExactly("n", "n");
    assertThat(rows.schemaChanged()).isTrue();
    assertThat(rows.current().schema().findField("note")).isNotNull();
    assertThat(rows.start().schema().findField("id")).isNull();
  }

  @Test
  void aRecordThatCannotBeDecodedNowStopsTheBatchBeforeIt() throws Exception {
    RowBuilder rows = builder(record -> record.offset() == 2
        ? Optional.empty()
        : Optional.of(
            new RecordParts.Parts(PartResult.ABSENT, decoded(v1, V1, record.offset(), null))));

    RowBuilder.Built built = rows.build(records(0, 5));

    assertThat(built.records()).isEqualTo(2);
    assertThat(built.segments()).hasSize(1);
    assertThat(built.segments().get(0).batch().toRecords())
        .extracting(row -> row.getField("id"))
        .containsExactly(0L, 1L);
  }

  @Test
  void recordsAreCountedOverBatchesUpToTheFirstThatCannotBeDecodedNow() throws Exception {
    RowBuilder rows = builder(record -> record.offset() == 7
        ? Optional.empty()
        : Optional.of(
            new RecordParts.Parts(PartResult.ABSENT, decoded(v1, V1, record.offset(), null))));

    rows.build(records(0, 5)).segments().forEach(RowSegment::close);
    rows.build(records(5, 10)).segments().forEach(RowSegment::close);

    assertThat(rows.records()).isEqualTo(7);
  }

  @Test
  void rawPartsKeepTheirBytesAndTheirReasonsAreCounted() throws Exception {
    PartResult undecodable = new PartResult.Raw(RawReason.UNDECODABLE_BYTES, "truncated");
    RowBuilder rows = builder(record -> Optional.of(new RecordParts.Parts(
        new PartResult.Raw(RawReason.NO_SCHEMA_ID, "no prefix"),
        record.offset() == 1 ? undecodable : decoded(v1, V1, record.offset(), null))));

    RowBuilder.Built built = rows.build(records(0, 3));

    assertThat(rows.rawCounts())
        .isEqualTo(Map.of("key.no-schema-id", 3L, "value.undecodable-bytes", 1L));
    assertThat(rows.records()).isEqualTo(3);
    Record raw = built.segments().get(0).batch().toRecords().get(1);
    assertThat(raw.getField(KafkaColumns.VALUE)).isNotNull();
  }

  @Test
  void withoutARegistryEveryPartStaysRawAndNoReasonIsCounted() throws Exception {
    RowBuilder rows = new RowBuilder(
        "kafka.orders", TableSchema.initial(KafkaColumns.SCHEMA), null, MappingOptions.DEFAULT);

    RowBuilder.Built built = rows.build(records(0, 3));

    assertThat(built.records()).isEqualTo(3);
    assertThat(built.segments()).hasSize(1);
    assertThat(rows.rawCounts()).isEmpty();
    assertThat(rows.schemaChanged()).isFalse();
  }

  private static RowBuilder builder(RecordParts parts) {
    return new RowBuilder(
        "kafka.orders", TableSchema.initial(KafkaColumns.SCHEMA), parts, MappingOptions.DEFAULT);
  }

  private static List<ConsumerRecord<byte[], byte[]>> records(long from, long to) {
    List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
    for (long offset = from; offset < to; offset++) {
      records.add(
          new ConsumerRecord<>("orders", 0, offset, new byte[] {9}, new byte[] {0, 0, 0, 0, 1, 2}));
    }
    return records;
  }

  private static CompiledSchema compile(String text) {
    try {
      return new AvroSchemaCompiler().compile(RegisteredSchema.of(SchemaType.AVRO, text));
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  /** An order written with Avro's own writer and decoded by the compiled schema, as the registry path does. */
  private static PartResult decoded(CompiledSchema compiled, String text, long id, String note) {
    Schema schema = new Schema.Parser().parse(text);
    GenericData.Record order = new GenericData.Record(schema);
    order.put("id", id);
    if (schema.getField("note") != null) {
      order.put("note", note);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try {
      BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
      new GenericDatumWriter<GenericData.Record>(schema).write(order, encoder);
      encoder.flush();
      byte[] payload = bytes.toByteArray();
      return new PartResult.Decoded(
          new SchemaRef.ConfluentId(text.length()),
          compiled,
          compiled.decode(payload, 0, payload.length));
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
