package io.mink.lake.write.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.batch.RowBatch;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.Files;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileAppender;
import org.apache.iceberg.parquet.Parquet;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The column-wise encoder writes what parquet-java's column writers write of the same rows under the same
 * settings: the same values, Iceberg metrics, column chunk statistics, encodings and dictionaries, and pages
 * of the same rows where the page row limit cuts them; across pages, dictionary fallbacks and row groups.
 */
class ColumnWiseEncodingTest {
  private static final Schema SCHEMA = BatchFileWriterTest.SCHEMA;

  @TempDir
  Path directory;

  static Stream<Arguments> settings() {
    return Stream.of(
        Arguments.of("defaults", Map.of()),
        Arguments.of("pages of 150 rows", Map.of(TableProperties.PARQUET_PAGE_ROW_LIMIT, "150")),
        Arguments.of(
            "dictionaries that fill their page",
            Map.of(TableProperties.PARQUET_DICT_SIZE_BYTES, "96")),
        Arguments.of(
            "no dictionaries, no statistics on name",
            Map.of(
                "parquet.enable.dictionary",
                "false",
                TableProperties.PARQUET_COLUMN_STATS_ENABLED_PREFIX + "name",
                "false")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("settings")
  void filesHoldWhatParquetJavasColumnWritersWrite(String name, Map<String, String> properties)
      throws IOException {
    List<Record> rows = BatchFileWriterTest.rows(3_000, new Random(name.hashCode()));
    BatchFileLayout layout = BatchFileLayout.of(SCHEMA, properties);
    assertThat(layout.settings().encodesColumnWise()).isTrue();

    File columnWise = directory.resolve("column-wise.parquet").toFile();
    File valueWise = directory.resolve("value-wise.parquet").toFile();
    Metrics columnWiseMetrics = write(
        new ColumnarFileAppender(Files.localOutput(columnWise), layout, conf(), metrics()), rows);
    Metrics valueWiseMetrics =
        write(new BatchFileAppender(Files.localOutput(valueWise), layout, conf(), metrics()), rows);

    assertThat(read(columnWise)).containsExactlyElementsOf(rows);
    assertThat(columnWiseMetrics.recordCount()).isEqualTo(valueWiseMetrics.recordCount());
    assertThat(columnWiseMetrics.valueCounts()).isEqualTo(valueWiseMetrics.valueCounts());
    assertThat(columnWiseMetrics.nullValueCounts()).isEqualTo(valueWiseMetrics.nullValueCounts());
    assertThat(columnWiseMetrics.nanValueCounts()).isEqualTo(valueWiseMetrics.nanValueCounts());
    assertThat(columnWiseMetrics.lowerBounds()).isEqualTo(valueWiseMetrics.lowerBounds());
    assertThat(columnWiseMetrics.upperBounds()).isEqualTo(valueWiseMetrics.upperBounds());

    ParquetMetadata written = footer(columnWise);
    ParquetMetadata expected = footer(valueWise);
    assertThat(written.getBlocks()).hasSameSizeAs(expected.getBlocks());
    for (int block = 0; block < expected.getBlocks().size(); block++) {
      BlockMetaData writtenBlock = written.getBlocks().get(block);
      BlockMetaData expectedBlock = expected.getBlocks().get(block);
      assertThat(writtenBlock.getRowCount()).isEqualTo(expectedBlock.getRowCount());
      for (int column = 0; column < expectedBlock.getColumns().size(); column++) {
        ColumnChunkMetaData chunk = writtenBlock.getColumns().get(column);
        ColumnChunkMetaData expectedChunk = expectedBlock.getColumns().get(column);
        String path = expectedChunk.getPath().toDotString();
        assertThat(chunk.getPath().toDotString()).isEqualTo(path);
        assertThat(chunk.getValueCount()).as(path).isEqualTo(expectedChunk.getValueCount());
        assertThat(chunk.getStatistics()).as(path).isEqualTo(expectedChunk.getStatistics());
        assertThat(chunk.getEncodings()).as(path).isEqualTo(expectedChunk.getEncodings());
        assertThat(chunk.hasDictionaryPage()).as(path).isEqualTo(expectedChunk.hasDictionaryPage());
        assertThat(chunk.getSizeStatistics().getDefinitionLevelHistogram())
            .as(path)
            .isEqualTo(expectedChunk.getSizeStatistics().getDefinitionLevelHistogram());
        assertThat(chunk.getSizeStatistics().getRepetitionLevelHistogram())
            .as(path)
            .isEqualTo(expectedChunk.getSizeStatistics().getRepetitionLevelHistogram());
        assertThat(chunk.getSizeStatistics().getUnencodedByteArrayDataBytes())
            .as(path)
            .isEqualTo(expectedChunk.getSizeStatistics().getUnencodedByteArrayDataBytes());
      }
    }
    if (properties.containsKey(TableProperties.PARQUET_PAGE_ROW_LIMIT)) {
      assertThat(pageFirstRows(columnWise)).isEqualTo(pageFirstRows(valueWise));
    }
  }

  @Test
  void rowGroupsAndPagesFollowTheirSizes() throws IOException {
    Map<String, String> properties = Map.of(
        TableProperties.PARQUET_PAGE_SIZE_BYTES, "2048",
        TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES, "131072");
    List<Record> rows = BatchFileWriterTest.rows(6_000, new Random(3));
    BatchFileLayout layout = BatchFileLayout.of(SCHEMA, properties);
    File file = directory.resolve("sized.parquet").toFile();

    write(new ColumnarFileAppender(Files.localOutput(file), layout, conf(), metrics()), rows);

    assertThat(read(file)).containsExactlyElementsOf(rows);
    ParquetMetadata footer = footer(file);
    assertThat(footer.getBlocks()).hasSizeGreaterThan(2);
    for (BlockMetaData block : footer.getBlocks()) {
      assertThat(block.getTotalByteSize()).isLessThan(2 * 131072L);
    }
    List<List<Long>> pages = pageFirstRows(file);
    assertThat(pages.stream().mapToInt(List::size).max().orElseThrow()).isGreaterThan(3);
  }

  private static Metrics write(FileAppender<BatchRow> appender, List<Record> rows)
      throws IOException {
    BatchRow row = new BatchRow();
    try {
      for (int from = 0; from < rows.size(); from += 700) {
        try (RowBatch batch =
            RowBatch.of(SCHEMA, rows.subList(from, Math.min(rows.size(), from + 700)))) {
          for (int index = 0; index < batch.rows(); index++) {
            appender.add(row.at(batch, index));
          }
          row.endBatch();
        }
      }
    } finally {
      appender.close();
    }
    return appender.metrics();
  }

  private static List<Record> read(File file) throws IOException {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = Parquet.read(Files.localInput(file))
        .project(SCHEMA)
        .createReaderFunc(type -> GenericParquetReaders.buildReader(SCHEMA, type))
        .build()) {
      records.forEach(rows::add);
    }
    return rows;
  }

  private static ParquetMetadata footer(File file) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file.toPath()))) {
      return reader.getFooter();
    }
  }

  /** Each column chunk's pages, by the index of their first row. */
  private static List<List<Long>> pageFirstRows(File file) throws IOException {
    List<List<Long>> pages = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file.toPath()))) {
      for (BlockMetaData block : reader.getFooter().getBlocks()) {
        for (ColumnChunkMetaData chunk : block.getColumns()) {
          OffsetIndex index = reader.readOffsetIndex(chunk);
          List<Long> firsts = new ArrayList<>();
          for (int page = 0; page < index.getPageCount(); page++) {
            firsts.add(index.getFirstRowIndex(page));
          }
          pages.add(firsts);
        }
      }
    }
    return pages;
  }

  private static Configuration conf() {
    return new Configuration(false);
  }

  private static MetricsConfig metrics() {
    return MetricsConfig.getDefault();
  }
}
