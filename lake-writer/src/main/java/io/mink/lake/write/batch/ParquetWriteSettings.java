package io.mink.lake.write.batch;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.PropertyUtil;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;

/**
 * How Parquet files of a table are written, read from its {@code write.parquet.*} properties as Iceberg's own
 * writer reads them: row group, page and dictionary sizes, page version, codec and level, the row counts between
 * row group size checks, and the per-column dictionary, statistics and bloom filter settings (column names as
 * Iceberg names them, resolved to Parquet's leaf columns by field id).
 *
 * @param properties page and column settings, without an allocator: each file adds its own
 * @param codec the compression codec
 * @param compressionLevel the codec's level, or null for its default
 * @param rowGroupBytes the row group size to aim for
 * @param encodesColumnWise whether Mink's column-wise encoder writes the files: v1 pages (Iceberg's default),
 *     no bloom filter and no byte-stream-split encoding on any column; otherwise parquet-java's column writers do
 */
record ParquetWriteSettings(
    ParquetProperties properties,
    CompressionCodecName codec,
    String compressionLevel,
    long rowGroupBytes,
    boolean encodesColumnWise) {
  /** Parquet's key for the length of the column index's min and max values. */
  static final String COLUMN_INDEX_TRUNCATE_LENGTH = "parquet.columnindex.truncate.length";

  static final int DEFAULT_COLUMN_INDEX_TRUNCATE_LENGTH = 16;

  static ParquetWriteSettings of(
      Map<String, String> props, Schema schema, MessageType parquetSchema) {
    ParquetProperties.Builder builder = ParquetProperties.builder()
        .withWriterVersion(writerVersion(props))
        .withPageSize(positive(
            props,
            TableProperties.PARQUET_PAGE_SIZE_BYTES,
            TableProperties.PARQUET_PAGE_SIZE_BYTES_DEFAULT))
        .withPageRowCountLimit(positive(
            props,
            TableProperties.PARQUET_PAGE_ROW_LIMIT,
            TableProperties.PARQUET_PAGE_ROW_LIMIT_DEFAULT))
        .withDictionaryEncoding(
            PropertyUtil.propertyAsBoolean(props, "parquet.enable.dictionary", true))
        .withDictionaryPageSize(positive(
            props,
            TableProperties.PARQUET_DICT_SIZE_BYTES,
            TableProperties.PARQUET_DICT_SIZE_BYTES_DEFAULT))
        .withMinRowCountForPageSizeCheck(positive(
            props,
            TableProperties.PARQUET_ROW_GROUP_CHECK_MIN_RECORD_COUNT,
            TableProperties.PARQUET_ROW_GROUP_CHECK_MIN_RECORD_COUNT_DEFAULT))
        .withMaxRowCountForPageSizeCheck(positive(
            props,
            TableProperties.PARQUET_ROW_GROUP_CHECK_MAX_RECORD_COUNT,
            TableProperties.PARQUET_ROW_GROUP_CHECK_MAX_RECORD_COUNT_DEFAULT))
        .withMaxBloomFilterBytes(positive(
            props,
            TableProperties.PARQUET_BLOOM_FILTER_MAX_BYTES,
            TableProperties.PARQUET_BLOOM_FILTER_MAX_BYTES_DEFAULT))
        .withAdaptiveBloomFilterEnabled(PropertyUtil.propertyAsBoolean(
            props,
            TableProperties.PARQUET_BLOOM_FILTER_ADAPTIVE_ENABLED,
            TableProperties.PARQUET_BLOOM_FILTER_ADAPTIVE_ENABLED_DEFAULT))
        .withColumnIndexTruncateLength(PropertyUtil.propertyAsInt(
            props, COLUMN_INDEX_TRUNCATE_LENGTH, DEFAULT_COLUMN_INDEX_TRUNCATE_LENGTH));
    Map<String, String> leaves = leafPaths(schema, parquetSchema);
    perColumn(
        props,
        TableProperties.PARQUET_DICT_ENCODING_ENABLED_COLUMN_PREFIX,
        leaves,
        (path, value) -> builder.withDictionaryEncoding(path, Boolean.parseBoolean(value)));
    perColumn(
        props,
        TableProperties.PARQUET_COLUMN_STATS_ENABLED_PREFIX,
        leaves,
        (path, value) -> builder.withStatisticsEnabled(path, Boolean.parseBoolean(value)));
    perColumn(
        props,
        TableProperties.PARQUET_BLOOM_FILTER_COLUMN_ENABLED_PREFIX,
        leaves,
        (path, value) -> builder.withBloomFilterEnabled(path, Boolean.parseBoolean(value)));
    perColumn(
        props,
        TableProperties.PARQUET_BLOOM_FILTER_COLUMN_FPP_PREFIX,
        leaves,
        (path, value) -> builder.withBloomFilterFPP(path, Double.parseDouble(value)));
    perColumn(
        props,
        TableProperties.PARQUET_BLOOM_FILTER_COLUMN_NDV_PREFIX,
        leaves,
        (path, value) -> builder.withBloomFilterNDV(path, Long.parseLong(value)));
    long rowGroupBytes = PropertyUtil.propertyAsLong(
        props,
        TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES,
        TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES_DEFAULT);
    if (rowGroupBytes <= 0) {
      throw new IllegalArgumentException(
          TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES + " must be above 0, not " + rowGroupBytes);
    }
    ParquetProperties properties = builder.build();
    return new ParquetWriteSettings(
        properties,
        codec(props),
        props.get(TableProperties.PARQUET_COMPRESSION_LEVEL),
        rowGroupBytes,
        columnWise(properties, parquetSchema));
  }

  private static boolean columnWise(ParquetProperties properties, MessageType parquetSchema) {
    if (properties.getWriterVersion() != ParquetProperties.WriterVersion.PARQUET_1_0) {
      return false;
    }
    for (ColumnDescriptor column : parquetSchema.getColumns()) {
      if (properties.isBloomFilterEnabled(column) || properties.isByteStreamSplitEnabled(column)) {
        return false;
      }
    }
    return true;
  }

  /** The Hadoop settings that carry the compression level to the codec, as Iceberg passes them. */
  Map<String, String> codecSettings() {
    if (compressionLevel == null) {
      return Map.of();
    }
    return switch (codec) {
      case GZIP -> Map.of("zlib.compress.level", compressionLevel);
      case BROTLI -> Map.of("compression.brotli.quality", compressionLevel);
      case ZSTD ->
        Map.of(
            "io.compression.codec.zstd.level", compressionLevel,
            "parquet.compression.codec.zstd.level", compressionLevel);
      default -> Map.of();
    };
  }

  private static CompressionCodecName codec(Map<String, String> props) {
    String name = props.getOrDefault(
        TableProperties.PARQUET_COMPRESSION, TableProperties.PARQUET_COMPRESSION_DEFAULT);
    try {
      return CompressionCodecName.valueOf(name.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Unsupported Parquet compression codec in " + TableProperties.PARQUET_COMPRESSION + ": "
              + name,
          e);
    }
  }

  private static ParquetProperties.WriterVersion writerVersion(Map<String, String> props) {
    String version = props.getOrDefault(
        TableProperties.PARQUET_PAGE_VERSION, TableProperties.PARQUET_PAGE_VERSION_DEFAULT);
    return switch (version.toLowerCase(Locale.ROOT)) {
      case "v1" -> ParquetProperties.WriterVersion.PARQUET_1_0;
      case "v2" -> ParquetProperties.WriterVersion.PARQUET_2_0;
      default ->
        throw new IllegalArgumentException("Unsupported " + TableProperties.PARQUET_PAGE_VERSION
            + " '" + version + "': use v1 or v2");
    };
  }

  private static int positive(Map<String, String> props, String key, int defaultValue) {
    int value = PropertyUtil.propertyAsInt(props, key, defaultValue);
    if (value <= 0) {
      throw new IllegalArgumentException(key + " must be above 0, not " + value);
    }
    return value;
  }

  /** Applies each {@code prefix + column} setting to the column's Parquet leaf; columns not found are skipped. */
  private static void perColumn(
      Map<String, String> props,
      String prefix,
      Map<String, String> leaves,
      BiConsumer<String, String> apply) {
    PropertyUtil.propertiesWithPrefix(props, prefix).forEach((column, value) -> {
      String path = leaves.get(column);
      if (path != null) {
        apply.accept(path, value);
      }
    });
  }

  /** The Parquet path of each leaf column, by the Iceberg name of its field. */
  private static Map<String, String> leafPaths(Schema schema, MessageType parquetSchema) {
    Map<Integer, String> byId = new HashMap<>();
    for (ColumnDescriptor column : parquetSchema.getColumns()) {
      if (column.getPrimitiveType().getId() != null) {
        byId.put(column.getPrimitiveType().getId().intValue(), String.join(".", column.getPath()));
      }
    }
    Map<String, String> leaves = new HashMap<>();
    byId.forEach((id, path) -> {
      Types.NestedField field = schema.findField(id);
      String name = field == null ? null : schema.findColumnName(id);
      if (name != null) {
        leaves.put(name, path);
      }
    });
    return leaves;
  }
}
