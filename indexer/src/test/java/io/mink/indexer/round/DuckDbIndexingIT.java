package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.mink.indexer.schedule.TieringSettings;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.indexer.testing.RoundRunner;
import io.mink.lake.LakeOffsets;
import io.mink.lake.write.ParquetEncoder;
import io.mink.lake.write.duckdb.DuckDbSupport;
import io.mink.schema.KafkaColumns;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.TestRecords;
import io.mink.testkit.Warehouse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A sidecar set to parquet_encoder = "duckdb" writes every record once, in files DuckDB encoded. */
class DuckDbIndexingIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void roundsWriteEveryRecordOnceThroughDuckDb() throws IOException {
    assumeThat(DuckDbSupport.available()).as("DuckDB loads on this platform").isTrue();
    String topic = InProcessSidecar.uniqueTopic("duckdb");
    KAFKA.createTopic(topic, 3);
    List<TestRecord> records = TestRecords.mixed(20261202L, 6_000, 3);
    List<RecordMetadata> sent = KAFKA.produce(topic, records);

    try (InProcessSidecar sidecar = new InProcessSidecar(
        KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables", duckDb(), null)) {
      var table = sidecar.add(topic, Duration.ofMinutes(3));
      RoundResult result = sidecar.runRound(table);

      assertThat(result.committed()).isTrue();
      assertThat(result.rows()).isEqualTo(6_000);
      assertThat(sidecar.offsets(table)).isEqualTo(LakeOffsets.of(KAFKA.endOffsets(topic)));
      List<String> writers = new ArrayList<>();
      try (var tasks = sidecar.table(table).newScan().planFiles()) {
        tasks.forEach(task -> writers.add(createdBy(task.file().location())));
      }
      assertThat(writers).hasSize(3).allSatisfy(writer -> assertThat(writer).contains("DuckDB"));
      Map<String, Record> rows = new HashMap<>();
      for (Record row : sidecar.rows(table)) {
        assertThat(rows.put(InProcessSidecar.offsetKey(row), row))
            .as("duplicate %s", row)
            .isNull();
      }
      for (int i = 0; i < records.size(); i++) {
        Record row = rows.get(sent.get(i).partition() + "@" + sent.get(i).offset());
        assertThat(row).as("row of record %d", i).isNotNull();
        assertThat(RawIndexingIT.bytes(row.getField(KafkaColumns.KEY)))
            .isEqualTo(records.get(i).key());
        assertThat(RawIndexingIT.bytes(row.getField(KafkaColumns.VALUE)))
            .isEqualTo(records.get(i).value());
        assertThat((List<?>) row.getField(KafkaColumns.HEADERS))
            .hasSameSizeAs(records.get(i).headers());
      }
    }
  }

  /** The writer a Parquet file's footer names. */
  private static String createdBy(String location) {
    Path path = location.startsWith("file:") ? Path.of(URI.create(location)) : Path.of(location);
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(path))) {
      return reader.getFooter().getFileMetaData().getCreatedBy();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static TieringSettings duckDb() {
    TieringSettings settings = RoundRunner.settings(2, 128L << 20);
    WriterBudget budget = settings.writerBudget();
    return new TieringSettings(
        settings.workers(),
        settings.writerThreads(),
        settings.targetFileSizeBytes(),
        settings.pollInterval(),
        settings.heartbeatTimeout(),
        settings.sessionTimeout(),
        settings.groupId(),
        settings.ownersTopic(),
        new WriterBudget(
            budget.writerMemoryBytes(),
            budget.maxOpenFiles(),
            budget.workers(),
            ParquetEncoder.DUCKDB));
  }
}
