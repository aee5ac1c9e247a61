package io.mink.lake.write;

import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.PropertyUtil;

/**
 * Parquet encodings per column, chosen from the first rows a file receives: dictionary encoding only
 * where it pays, and no statistics on the raw value bytes, which no reader filters on.
 *
 * <p>A dictionary pays when a row group's values repeat: its distinct values, estimated from the
 * sample ({@link DistinctEstimate}), must number at most half the rows of a row group and fit in the
 * dictionary page. Otherwise Parquet would hash every value only to fall back to plain encoding once
 * the dictionary fills, which costs more CPU than the rest of the encoding (ids, offsets, timestamps,
 * prices, free text). Columns inside lists and maps keep Parquet's default. A choice the table's
 * properties already make for a column is left alone.
 */
public final class ColumnEncodings {
  /** Rows of a file's first batch looked at; more cost time and change little. */
  public static final int SAMPLE_ROWS = 2_000;

  private static final String DICTIONARY =
      TableProperties.PARQUET_DICT_ENCODING_ENABLED_COLUMN_PREFIX;
  private static final String STATISTICS = TableProperties.PARQUET_COLUMN_STATS_ENABLED_PREFIX;

  private ColumnEncodings() {}

  /**
   * The writer properties to add to {@code writerProperties} (the row group and dictionary sizes in
   * force, over the table's) for rows like those of {@code sample}.
   */
  public static Map<String, String> choose(
      Schema schema, RowBatch sample, Map<String, String> writerProperties) {
    Map<String, String> chosen = new LinkedHashMap<>();
    if (schema.findField(KafkaColumns.VALUE) != null) {
      chosen.put(STATISTICS + KafkaColumns.VALUE, "false");
    }
    int rows = Math.min(SAMPLE_ROWS, sample.rows());
    Map<String, DistinctEstimate.Counter> counters = new LinkedHashMap<>();
    count("", schema.asStruct(), sample.root().getFieldVectors(), rows, counters);
    long rowGroupBytes = PropertyUtil.propertyAsLong(
        writerProperties,
        TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES,
        TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES_DEFAULT);
    long dictionaryBytes = PropertyUtil.propertyAsLong(
        writerProperties,
        TableProperties.PARQUET_DICT_SIZE_BYTES,
        TableProperties.PARQUET_DICT_SIZE_BYTES_DEFAULT);
    Map<String, DistinctEstimate> estimates = new LinkedHashMap<>();
    counters.forEach((column, counter) -> estimates.put(column, counter.result()));
    double rowBytes =
        estimates.values().stream().mapToLong(DistinctEstimate::bytes).sum()
            / (double) Math.max(1, rows);
    double rowsPerGroup = rowGroupBytes / Math.max(1.0, rowBytes);
    estimates.forEach((column, estimate) -> {
      if (!dictionaryPays(estimate, rowsPerGroup, dictionaryBytes)) {
        chosen.put(DICTIONARY + column, "false");
      }
    });
    writerProperties.keySet().forEach(chosen::remove);
    return chosen;
  }

  /** Whether a column's dictionary stays small next to a row group's rows and within the page. */
  static boolean dictionaryPays(
      DistinctEstimate estimate, double rowsPerGroup, long dictionaryBytes) {
    if (estimate.sampled() == 0) {
      return true;
    }
    double distinct = estimate.estimate();
    return distinct <= rowsPerGroup / 2 && distinct * estimate.meanBytes() <= dictionaryBytes;
  }

  private static void count(
      String prefix,
      Types.StructType struct,
      List<FieldVector> vectors,
      int rows,
      Map<String, DistinctEstimate.Counter> counters) {
    List<Types.NestedField> fields = struct.fields();
    for (int i = 0; i < fields.size(); i++) {
      Types.NestedField field = fields.get(i);
      String name = prefix + field.name();
      FieldVector vector = vectors.get(i);
      if (field.type().isStructType()) {
        count(
            name + ".",
            field.type().asStructType(),
            vector.getChildrenFromFields(),
            rows,
            counters);
      } else if (field.type().isPrimitiveType()) {
        DistinctEstimate.Counter counter =
            counters.computeIfAbsent(name, n -> DistinctEstimate.counter());
        for (int row = 0; row < rows; row++) {
          if (!vector.isNull(row)) {
            counter.add(comparable(vector.getObject(row)), plainBytes(vector, row));
          }
        }
      }
    }
  }

  private static Object comparable(Object value) {
    return value instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : value;
  }

  /** The value's size in Parquet's plain encoding: a length and the bytes, or the type's width. */
  private static int plainBytes(FieldVector vector, int row) {
    if (vector instanceof BaseVariableWidthVector variable) {
      return 4 + variable.getValueLength(row);
    }
    if (vector instanceof BitVector) {
      return 1;
    }
    return ((BaseFixedWidthVector) vector).getTypeWidth();
  }
}
