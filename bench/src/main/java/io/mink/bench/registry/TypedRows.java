package io.mink.bench.registry;

import io.mink.bench.ChunkRows;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.decode.PartResult;
import io.mink.schema.registry.RegistryUnavailableException;
import io.mink.schema.table.MergeResult;
import io.mink.schema.table.RowAssembler;
import io.mink.schema.table.SchemaMerge;
import io.mink.schema.table.TableSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Decodes records into table rows the way a Mink round does (registry decoder, key merged before
 * value on the first record, {@link RowAssembler}), for the write limit, which writes rows decoded
 * beforehand. Every record must decode with the first record's schemas: anything left raw voids
 * the benchmark. The decoding is untimed in the write limit; its writer threads only write.
 */
final class TypedRows implements ChunkRows<Record> {
  private final PartDecoder decoder;
  private TableSchema start;
  private RowAssembler assembler;

  TypedRows(PartDecoder decoder) {
    this.decoder = decoder;
  }

  @Override
  public void open(Table table) {
    start = TableSchema.of(((HasTableOperations) table).operations().current());
  }

  @Override
  public Function<Record, Record> converter() {
    return Function.identity();
  }

  /** The table schema with the decoded key and value merged in; known after the first record. */
  @Override
  public Schema schema() {
    if (assembler == null) {
      throw new IllegalStateException("No record decoded yet: the table schema is not known");
    }
    return assembler.schema();
  }

  @Override
  public List<Record> prepare(List<ConsumerRecord<byte[], byte[]>> records) {
    List<Record> rows = new ArrayList<>(records.size());
    for (ConsumerRecord<byte[], byte[]> record : records) {
      PartResult key = decode(record, record.key(), "key");
      PartResult value = decode(record, record.value(), "value");
      if (assembler == null) {
        assembler = new RowAssembler(merged(key, value));
      }
      rows.add(assembler.row(record, key, value));
    }
    return rows;
  }

  private Schema merged(PartResult key, PartResult value) {
    MergeResult withKey =
        SchemaMerge.mergeKey(start, ((PartResult.Decoded) key).schema().type());
    if (withKey instanceof MergeResult.Merged merged) {
      MergeResult withValue = SchemaMerge.mergeValue(
          merged.table(), ((PartResult.Decoded) value).schema().type());
      if (withValue instanceof MergeResult.Merged both) {
        return both.schema();
      }
      throw new IllegalStateException("Cannot merge the benchmark's value schema: "
          + ((MergeResult.Unmergeable) withValue).reason());
    }
    throw new IllegalStateException(
        "Cannot merge the benchmark's key schema: " + ((MergeResult.Unmergeable) withKey).reason());
  }

  private PartResult decode(ConsumerRecord<byte[], byte[]> record, byte[] bytes, String part) {
    PartResult result;
    try {
      result = decoder.decode(bytes, null);
    } catch (RegistryUnavailableException e) {
      throw new IllegalStateException(
          "The in-process schema registry is unavailable: " + e.getMessage(), e);
    }
    if (!(result instanceof PartResult.Decoded)) {
      throw new IllegalStateException(
          "The " + part + " of partition " + record.partition() + " offset " + record.offset()
              + " did not decode (" + result + "): the write-limit rows would not be typed");
    }
    return result;
  }
}
