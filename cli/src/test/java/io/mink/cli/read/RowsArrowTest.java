package io.mink.cli.read;

import static io.mink.cli.read.RowsFixture.EVERY_TYPE;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.batch.ArrowSchemas;
import io.mink.schema.batch.RowBatch;
import io.mink.schema.batch.ValueGetter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.junit.jupiter.api.Test;

class RowsArrowTest {
  private static final Map<String, String> METADATA =
      Map.of("mink.table", "kafka.orders", "mink.snapshot-id", "8771920512");

  @Test
  void anArrowReaderReadsBothBatchesAndTheMetadataBack() throws IOException {
    List<Record> first = List.of(RowsFixture.full(), RowsFixture.empty());
    List<Record> second = List.of(RowsFixture.nullsWithin());
    long allocated = RowBatch.allocatedBytes();

    byte[] stream =
        RowsFixture.printBytes(ReadOutput.arrow, EVERY_TYPE, METADATA, List.of(first, second));

    assertThat(RowBatch.allocatedBytes()).isEqualTo(allocated);
    try (BufferAllocator allocator = new RootAllocator();
        ArrowStreamReader reader =
            new ArrowStreamReader(new ByteArrayInputStream(stream), allocator)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      assertThat(root.getSchema().getCustomMetadata()).isEqualTo(METADATA);
      assertThat(root.getSchema().getFields())
          .isEqualTo(ArrowSchemas.of(EVERY_TYPE).getFields());
      List<List<Record>> batches = new ArrayList<>();
      while (reader.loadNextBatch()) {
        batches.add(records(EVERY_TYPE, root));
      }
      assertThat(batches).containsExactly(held(first), held(second));
    }
  }

  @Test
  void noBatchesAreASchemaAndTheEndOfTheStream() throws IOException {
    byte[] stream = RowsFixture.printBytes(ReadOutput.arrow, EVERY_TYPE, Map.of(), List.of());

    try (BufferAllocator allocator = new RootAllocator();
        ArrowStreamReader reader =
            new ArrowStreamReader(new ByteArrayInputStream(stream), allocator)) {
      assertThat(reader.getVectorSchemaRoot().getSchema().getCustomMetadata()).isEmpty();
      assertThat(reader.loadNextBatch()).isFalse();
    }
  }

  /** The rows as a batch holds them: timestamps with zone in UTC. */
  private static List<Record> held(List<Record> rows) {
    try (RowBatch batch = RowBatch.of(EVERY_TYPE, rows)) {
      return batch.toRecords();
    }
  }

  private static List<Record> records(Schema schema, VectorSchemaRoot root) {
    List<ValueGetter> columns = new ArrayList<>();
    for (int c = 0; c < schema.columns().size(); c++) {
      columns.add(ValueGetter.compile(schema.columns().get(c).type(), root.getVector(c)));
    }
    List<Record> records = new ArrayList<>();
    for (int row = 0; row < root.getRowCount(); row++) {
      Record record = GenericRecord.create(schema);
      for (int c = 0; c < columns.size(); c++) {
        record.set(c, columns.get(c).get(row));
      }
      records.add(record);
    }
    return records;
  }
}
