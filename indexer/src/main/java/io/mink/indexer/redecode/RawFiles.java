package io.mink.indexer.redecode;

import io.mink.schema.KafkaColumns;
import io.mink.schema.table.TableColumns;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * Which data files may hold raw parts, from their column statistics alone; pure. A file whose {@code _kafka_value}
 * is null in every row holds no raw value; one whose {@code _kafka_key} is null in every row, or (an upsert table,
 * which keeps every raw key) whose {@code _kafka_decoded_key} is null in no row, holds no raw key. A file without
 * those statistics may hold anything and is read.
 */
final class RawFiles {
  private RawFiles() {}

  static boolean mayHoldRaw(DataFile file, Schema schema) {
    return mayHoldRawValues(file) || mayHoldRawKeys(file, schema);
  }

  private static boolean mayHoldRawValues(DataFile file) {
    return !nullInEveryRow(file, schema(KafkaColumns.VALUE));
  }

  private static boolean mayHoldRawKeys(DataFile file, Schema schema) {
    if (nullInEveryRow(file, schema(KafkaColumns.KEY))) {
      return false;
    }
    if (!schema.findField(KafkaColumns.KEY).isRequired()) {
      return true;
    }
    Types.NestedField decodedKey = schema.findField(TableColumns.DECODED_KEY);
    if (decodedKey == null) {
      return true;
    }
    Long nulls = count(file.nullValueCounts(), decodedKey.fieldId());
    return nulls == null || nulls > 0;
  }

  private static int schema(String column) {
    return KafkaColumns.SCHEMA.findField(column).fieldId();
  }

  private static boolean nullInEveryRow(DataFile file, int fieldId) {
    Long nulls = count(file.nullValueCounts(), fieldId);
    return nulls != null && nulls == file.recordCount();
  }

  private static Long count(Map<Integer, Long> counts, int fieldId) {
    return counts == null ? null : counts.get(fieldId);
  }
}
