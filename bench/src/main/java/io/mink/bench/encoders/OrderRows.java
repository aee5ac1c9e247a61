package io.mink.bench.encoders;

import io.mink.bench.registry.SchemaLanguage;
import io.mink.schema.KafkaColumns;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.UndecodableException;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.table.MergeResult;
import io.mink.schema.table.RowAssembler;
import io.mink.schema.table.SchemaMerge;
import io.mink.schema.table.TableSchema;
import io.mink.testkit.orders.OrderSamples;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;

/**
 * The rows Mink builds from typed records: Avro orders (the registry benchmark's 21-field record, written
 * by Avro's own library) decoded by Mink and assembled into rows of a table schema merged from them.
 */
record OrderRows(Schema schema, List<Record> rows) {
  private static final SchemaRef REF = new SchemaRef.ConfluentId(1);

  static OrderRows build(int count, long seed) {
    SchemaLanguage language = SchemaLanguage.AVRO;
    CompiledSchema compiled = language.compile();
    MergeResult merged =
        SchemaMerge.mergeValue(TableSchema.initial(KafkaColumns.SCHEMA), compiled.type());
    if (!(merged instanceof MergeResult.Merged ok)) {
      throw new IllegalStateException("Cannot merge the Avro order schema: " + merged);
    }
    RowAssembler assembler = new RowAssembler(ok.schema());
    var writer = language.newWriter();
    Random random = new Random(seed);
    List<Record> rows = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      byte[] payload = writer.write(OrderSamples.seeded(random, i));
      ConsumerRecord<byte[], byte[]> record = new ConsumerRecord<>(
          "bench-encoders",
          i % 6,
          i / 6,
          1_700_000_000_000L + i,
          TimestampType.CREATE_TIME,
          -1,
          payload.length,
          null,
          payload,
          new RecordHeaders(),
          Optional.empty());
      rows.add(assembler.row(
          record,
          PartResult.ABSENT,
          new PartResult.Decoded(REF, compiled, decode(compiled, payload))));
    }
    return new OrderRows(ok.schema(), rows);
  }

  private static Object decode(CompiledSchema compiled, byte[] payload) {
    try {
      return compiled.decode(payload, 0, payload.length);
    } catch (UndecodableException e) {
      throw new IllegalStateException(
          "Mink cannot decode an order Avro wrote: " + e.getMessage(), e);
    }
  }
}
