package io.mink.lake.write.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.io.LocalLocations;
import io.mink.lake.write.PartitionFileWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileWriterFactory;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mink's appender writes files as the table's Parquet properties say, over many pages and row groups whose
 * buffers it reuses, and every value reads back.
 */
class BatchFileSettingsTest {
  @TempDir
  Path directory;

  @Test
  void manyPagesAndRowGroupsFollowTheTablesParquetProperties() throws IOException {
    Table table = new HadoopCatalog(
            new org.apache.hadoop.conf.Configuration(), directory.toString())
        .createTable(
            TableIdentifier.of(Namespace.of("lake"), "tuned"),
            BatchFileWriterTest.SCHEMA,
            PartitionSpec.unpartitioned(),
            Map.of(
                TableProperties.PARQUET_PAGE_SIZE_BYTES,
                "8192",
                TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES,
                "524288",
                TableProperties.PARQUET_COMPRESSION,
                "snappy",
                TableProperties.PARQUET_DICT_ENCODING_ENABLED_COLUMN_PREFIX + "name",
                "false",
                TableProperties.PARQUET_COLUMN_STATS_ENABLED_PREFIX + "blob",
                "false",
                TableProperties.PARQUET_BLOOM_FILTER_COLUMN_ENABLED_PREFIX + "id",
                "true",
                TableProperties.PARQUET_DICT_ENCODING_ENABLED_COLUMN_PREFIX + "point.label",
                "false"));
    List<Record> rows = BatchFileWriterTest.rows(12_000, new Random(5));

    List<DataFile> files;
    try (PartitionFileWriter writer = PartitionFileWriter.open(
        table, PartitionFileWriter.writerFactory(table), "round", 0, 1L << 30)) {
      for (int from = 0; from < rows.size(); from += 1_000) {
        writer.write(rows.subList(from, from + 1_000));
      }
      files = writer.complete();
    }

    assertThat(files).hasSize(1);
    DataFile file = files.get(0);
    assertThat(file.recordCount()).isEqualTo(rows.size());
    assertThat(file.splitOffsets()).hasSizeGreaterThan(1);
    assertThat(read(table, file)).containsExactlyElementsOf(rows);

    ParquetMetadata footer = footer(file);
    assertThat(footer.getBlocks()).hasSizeGreaterThan(1);
    assertThat(footer.getFileMetaData().getKeyValueMetaData()).containsKey("iceberg.schema");
    for (BlockMetaData block : footer.getBlocks()) {
      assertThat(block.getColumns())
          .allSatisfy(
              column -> assertThat(column.getCodec()).isEqualTo(CompressionCodecName.SNAPPY));
      assertThat(column(block, "name").getEncodings()).noneMatch(Encoding::usesDictionary);
      assertThat(column(block, "point.label").getEncodings()).noneMatch(Encoding::usesDictionary);
      assertThat(column(block, "_kafka_partition").getEncodings())
          .anyMatch(Encoding::usesDictionary);
      assertThat(column(block, "blob").getStatistics().isEmpty()).isTrue();
      assertThat(column(block, "id").getBloomFilterOffset()).isGreaterThan(0);
      assertThat(column(block, "flag").getBloomFilterOffset()).isLessThan(0);
    }
  }

  @RepeatedTest(3)
  void filesOfOneFactoryWrittenOnSeveralThreadsAtOnceReadBackAsWritten() throws Exception {
    Table table = new HadoopCatalog(
            new org.apache.hadoop.conf.Configuration(), directory.toString())
        .createTable(
            TableIdentifier.of(Namespace.of("lake"), "concurrent"),
            BatchFileWriterTest.SCHEMA,
            PartitionSpec.unpartitioned(),
            Map.of(TableProperties.PARQUET_PAGE_SIZE_BYTES, "4096"));
    FileWriterFactory<BatchRow> factory = PartitionFileWriter.writerFactory(table);
    int threads = 4;
    List<List<Record>> rows = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      rows.add(BatchFileWriterTest.rows(4_000, new Random(100 + i)));
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<List<DataFile>>> written = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        int partition = i;
        written.add(pool.submit(() -> {
          try (PartitionFileWriter writer =
              PartitionFileWriter.open(table, factory, "round", partition, 1L << 30)) {
            List<Record> mine = rows.get(partition);
            for (int from = 0; from < mine.size(); from += 250) {
              writer.write(mine.subList(from, from + 250));
            }
            return writer.complete();
          }
        }));
      }
      for (int i = 0; i < threads; i++) {
        List<DataFile> files = written.get(i).get();
        assertThat(files).hasSize(1);
        assertThat(read(table, files.get(0))).containsExactlyElementsOf(rows.get(i));
        table.newDelete().deleteFile(files.get(0)).commit();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static ColumnChunkMetaData column(BlockMetaData block, String path) {
    return block.getColumns().stream()
        .filter(column -> column.getPath().toDotString().equals(path))
        .findFirst()
        .orElseThrow();
  }

  private static ParquetMetadata footer(DataFile file) throws IOException {
    Path local = LocalLocations.path(file.location()).orElseThrow();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(local))) {
      return reader.getFooter();
    }
  }

  private static List<Record> read(Table table, DataFile file) throws IOException {
    table.newFastAppend().appendFile(file).commit();
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> all = IcebergGenerics.read(table).build()) {
      all.forEach(rows::add);
    }
    return rows;
  }
}
