package io.mink.lake.ttl;

import io.mink.schema.KafkaColumns;
import java.nio.ByteBuffer;
import java.util.Map;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Type;

/**
 * What a data file's column statistics say of its rows against the row TTL's cutoff: all kept, all expired, or some
 * of each (or no statistics to tell), when its rows must be read. Pure.
 */
public enum FileExpiry {
  /** Every row's _kafka_timestamp is at or after the cutoff. */
  KEPT,
  /** Every row's _kafka_timestamp is before the cutoff: the whole file leaves. */
  EXPIRED,
  /** The statistics cannot tell: the file's rows are read. */
  READ;

  /**
   * The file's expiry at {@code cutoffMicros}. A row with a null timestamp (Kafka's -1) never expires, so a file with
   * one is never {@link #EXPIRED} by its statistics alone.
   */
  public static FileExpiry of(ContentFile<?> file, Schema schema, long cutoffMicros) {
    int id = schema.findField(KafkaColumns.TIMESTAMP).fieldId();
    Type type = schema.findType(id);
    Long lower = bound(file.lowerBounds(), id, type);
    Long upper = bound(file.upperBounds(), id, type);
    Long nulls = file.nullValueCounts() == null ? null : file.nullValueCounts().get(id);
    if (lower != null && lower >= cutoffMicros) {
      return KEPT;
    }
    if (nulls != null && nulls == file.recordCount()) {
      return KEPT;
    }
    if (upper != null && upper < cutoffMicros && nulls != null && nulls == 0) {
      return EXPIRED;
    }
    return READ;
  }

  /** The file's lower or upper bound of a long-valued column; null when it has none. */
  static Long bound(Map<Integer, ByteBuffer> bounds, int fieldId, Type type) {
    if (bounds == null || !bounds.containsKey(fieldId)) {
      return null;
    }
    Object value = Conversions.fromByteBuffer(type, bounds.get(fieldId));
    return value instanceof Number number ? number.longValue() : null;
  }
}
