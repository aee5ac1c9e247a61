package io.mink.lake.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.write.batch.BatchRow;
import io.mink.schema.KafkaColumns;
import io.mink.schema.table.RowAssembler;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileWriterFactory;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.parquet.Parquet;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** File names unique by construction, and files created, never overwritten. */
class FileNamesTest {
  private static final long TARGET = 128L << 20;

  @TempDir
  Path directory;

  private Table table;

  @BeforeEach
  void createTable() {
    table = new LakeTables(CatalogLoader.load(LakeSettings.embedded(directory)))
        .create(
            TableIdentifier.of("kafka", "clicks"),
            MinkTableLayout.properties("clicks", null, TARGET, Map.of()));
  }

  @Test
  void writersOfOneOperationAndPartitionUnderAFrozenClockNameTheirFilesApart() {
    Clock frozen = Clock.fixed(Instant.parse("2026-12-06T12:00:00Z"), ZoneOffset.UTC);
    OutputFileFactory first = FileNames.forWriter(table, 3, "round-1", FileFormat.PARQUET, frozen);
    OutputFileFactory second = FileNames.forWriter(table, 3, "round-1", FileFormat.PARQUET, frozen);

    String one = first.newOutputFile().encryptingOutputFile().location();
    String other = second.newOutputFile().encryptingOutputFile().location();

    assertThat(one).isNotEqualTo(other);
    assertThat(one).contains("00003-" + frozen.millis() + "-round-1-");
  }

  @Test
  void twoWritersOfAPartitionOpenedInOneMillisecondKeepEachOthersRows() throws IOException {
    FileWriterFactory<BatchRow> factory = PartitionFileWriter.writerFactory(table);
    for (int attempt = 0; attempt < 10_000; attempt++) {
      long before = System.currentTimeMillis();
      PartitionFileWriter first = PartitionFileWriter.open(table, factory, "round-1", 0, TARGET);
      PartitionFileWriter second = PartitionFileWriter.open(table, factory, "round-1", 0, TARGET);
      if (System.currentTimeMillis() != before) {
        first.abort();
        second.abort();
        continue;
      }
      write(first, 0, 10);
      write(second, 10, 13);
      DataFile firstFile = first.complete().get(0);
      DataFile secondFile = second.complete().get(0);
      assertThat(firstFile.location()).isNotEqualTo(secondFile.location());
      assertThat(offsets(firstFile)).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
      assertThat(offsets(secondFile)).containsExactly(10L, 11L, 12L);
      return;
    }
    throw new AssertionError("No two writers were opened within one millisecond in 10,000 tries");
  }

  @Test
  void aDataFileIsCreatedNeverOverwritten() throws IOException {
    PartitionFileWriter writer =
        PartitionFileWriter.open(table, PartitionFileWriter.writerFactory(table), "r", 0, TARGET);
    write(writer, 0, 5);
    DataFile existing = writer.complete().get(0);
    byte[] before = bytes(existing);

    FileWriterFactory<BatchRow> factory = PartitionFileWriter.writerFactory(table);
    assertThatThrownBy(() -> factory.newDataWriter(
            EncryptedFiles.plainAsEncryptedOutput(table.io().newOutputFile(existing.location())),
            table.spec(),
            PartitionFileWriter.kafkaPartitionKey(table.spec(), table.schema(), 0)))
        .isInstanceOf(AlreadyExistsException.class)
        .hasMessageContaining(existing.location());
    assertThat(bytes(existing)).isEqualTo(before);
    assertThat(offsets(existing)).containsExactly(0L, 1L, 2L, 3L, 4L);
  }

  private static void write(PartitionFileWriter writer, long from, long to) {
    RowAssembler rows = new RowAssembler(KafkaColumns.SCHEMA);
    for (long offset = from; offset < to; offset++) {
      writer.write(
          List.of(rows.rawRow(new ConsumerRecord<>("clicks", 0, offset, null, new byte[] {1}))));
    }
  }

  private byte[] bytes(DataFile file) throws IOException {
    try (var in = table.io().newInputFile(file.location()).newStream()) {
      return in.readAllBytes();
    }
  }

  private List<Long> offsets(DataFile file) throws IOException {
    List<Long> offsets = new ArrayList<>();
    try (CloseableIterable<Record> rows = Parquet.read(table.io().newInputFile(file.location()))
        .project(table.schema())
        .createReaderFunc(
            fileSchema -> GenericParquetReaders.buildReader(table.schema(), fileSchema))
        .build()) {
      rows.forEach(row -> offsets.add((Long) row.getField(KafkaColumns.OFFSET)));
    }
    return offsets;
  }
}
