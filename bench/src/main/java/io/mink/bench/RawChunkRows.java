package io.mink.bench;

import io.mink.schema.KafkaColumns;
import io.mink.schema.table.RowAssembler;
import java.util.List;
import java.util.function.Function;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Raw rows, as a round without a registry builds them ({@code RowAssembler.rawRow}), converted in the timed part. */
final class RawChunkRows implements ChunkRows<ConsumerRecord<byte[], byte[]>> {
  private Table table;

  @Override
  public void open(Table table) {
    this.table = table;
  }

  @Override
  public List<ConsumerRecord<byte[], byte[]>> prepare(
      List<ConsumerRecord<byte[], byte[]>> records) {
    return records;
  }

  @Override
  public Schema schema() {
    return table.schema();
  }

  @Override
  public Function<ConsumerRecord<byte[], byte[]>, Record> converter() {
    return new RowAssembler(KafkaColumns.SCHEMA)::rawRow;
  }
}
