package io.mink.schema.avro;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.RawReason;
import io.mink.schema.decode.UndecodableException;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.table.BatchAssembler;
import io.mink.schema.table.MergeResult;
import io.mink.schema.table.SchemaMerge;
import io.mink.schema.table.TableSchema;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Decoding a payload straight into a batch's columns gives the row the object path gives, and fails on the
 * same payloads: valid, truncated and corrupted payloads of every test schema that is a record, written by
 * Avro's own writer, and values placed in promoted columns.
 */
class AvroColumnDecoderPropertiesTest {
  private static final SchemaRef REF = new SchemaRef.ConfluentId(7);
  private static final List<CompiledAvroSchema> RECORDS = AvroTestSchemas.ALL.stream()
      .map(AvroPayloads::compile)
      .filter(CompiledAvroSchema::decodesIntoColumns)
      .filter(schema -> table(schema) != null)
      .toList();

  @Provide
  Arbitrary<CompiledAvroSchema> records() {
    return Arbitraries.of(RECORDS);
  }

  @Property(tries = 1500)
  void validPayloadsGiveTheObjectPathsRow(
      @ForAll("records") CompiledAvroSchema schema, @ForAll long seed) {
    byte[] payload = new RandomAvroData(seed).payload(schema.avroSchema());

    assertSameRow(schema, table(schema), payload);
  }

  @Property(tries = 1500)
  void corruptedAndTruncatedPayloadsFailAsTheObjectPathFails(
      @ForAll("records") CompiledAvroSchema schema,
      @ForAll long seed,
      @ForAll int position,
      @ForAll byte value) {
    byte[] payload = new RandomAvroData(seed).payload(schema.avroSchema());
    if (payload.length > 0) {
      payload[Math.floorMod(position, payload.length)] = value;
    }
    assertSameRow(schema, table(schema), payload);
    assertSameRow(
        schema,
        table(schema),
        java.util.Arrays.copyOf(payload, Math.floorMod(position, payload.length + 1)));
  }

  @Example
  void valuesGoIntoPromotedColumnsAndBadTextIsReplacedAsTheObjectPathDoes() {
    CompiledAvroSchema wide = AvroPayloads.compile("""
        {"type":"record","name":"Order","fields":[
          {"name":"n","type":"long"},{"name":"x","type":"double"},{"name":"s","type":"string"}]}""");
    CompiledAvroSchema narrow = AvroPayloads.compile("""
        {"type":"record","name":"Order","fields":[
          {"name":"n","type":"int"},{"name":"x","type":["null","float"]},{"name":"s","type":"string"}]}""");
    TableSchema table = merged(merged(TableSchema.initial(KafkaColumns.SCHEMA), wide), narrow);
    byte[] badText = {(byte) 0xC3, (byte) 0x28, 'a'};
    byte[] payload =
        concat(new byte[] {(byte) 0x81, 0x01, 2}, floatBytes(1.5f), new byte[] {6}, badText);

    Record row = assertSameRow(narrow, table, payload);

    assertThat(row.getField("n")).isEqualTo(-65L);
    assertThat(row.getField("x")).isEqualTo(1.5d);
    assertThat((String) row.getField("s")).isEqualTo(new String(badText, StandardCharsets.UTF_8));
  }

  private static Record assertSameRow(
      CompiledAvroSchema schema, TableSchema table, byte[] payload) {
    Schema columns = table.schema();
    ConsumerRecord<byte[], byte[]> record = new ConsumerRecord<>("orders", 0, 5L, null, payload);
    BatchAssembler direct = new BatchAssembler(columns, 1);
    PartResult placed = direct.append(
        record, PartResult.ABSENT, new PartResult.Encoded(REF, schema, payload, 0, payload.length));
    BatchAssembler objects = new BatchAssembler(columns, 1);
    PartResult expected;
    try {
      expected = new PartResult.Decoded(REF, schema, schema.decode(payload, 0, payload.length));
    } catch (UndecodableException e) {
      expected = new PartResult.Raw(RawReason.UNDECODABLE_BYTES, Objects.toString(e.getMessage()));
    }
    objects.append(record, PartResult.ABSENT, expected);

    assertThat(placed instanceof PartResult.Raw).isEqualTo(expected instanceof PartResult.Raw);
    try (RowBatch got = direct.finish();
        RowBatch want = objects.finish()) {
      Record row = got.toRecords().get(0);
      assertThat(row).isEqualTo(want.toRecords().get(0));
      return row;
    }
  }

  private static TableSchema table(CompiledAvroSchema schema) {
    try {
      return merged(TableSchema.initial(KafkaColumns.SCHEMA), schema);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static TableSchema merged(TableSchema table, CompiledAvroSchema schema) {
    MergeResult result = SchemaMerge.mergeValue(table, schema.type());
    if (!(result instanceof MergeResult.Merged merged)) {
      throw new IllegalArgumentException("Cannot merge " + schema + ": " + result);
    }
    return merged.table();
  }

  private static byte[] floatBytes(float value) {
    int bits = Float.floatToIntBits(value);
    return new byte[] {(byte) bits, (byte) (bits >> 8), (byte) (bits >> 16), (byte) (bits >> 24)};
  }

  private static byte[] concat(byte[]... parts) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
