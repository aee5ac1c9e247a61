package io.mink.schema.decode;

import java.util.List;
import java.util.Optional;
import org.apache.iceberg.types.Type;

/**
 * A registry schema compiled once into an Iceberg type and a decoder; the per-record path only
 * runs {@link #decode}. Implementations are immutable and safe to share between threads.
 */
public interface CompiledSchema {
  /**
   * The Iceberg type of decoded values. A {@link org.apache.iceberg.types.Types.StructType} when
   * the schema is a record, message or object: its fields become the table's top-level columns.
   * Any other type is the type of the single {@code value} (or {@code _kafka_decoded_key}) column.
   * Field ids are unique within the type; the table assigns its own when it merges the schema.
   */
  Type type();

  /**
   * Decodes one payload (without any wire-format prefix) into an Iceberg generic value of
   * {@link #type()}: Integer, Long, Float, Double, Boolean, String, ByteBuffer (binary), byte[]
   * (fixed), BigDecimal, LocalDate, LocalTime, OffsetDateTime (timestamptz), LocalDateTime
   * (timestamp), UUID, GenericRecord (struct), List, Map. Never throws anything but
   * {@link UndecodableException}, whatever the bytes; never allocates far beyond the payload's size.
   */
  Object decode(byte[] data, int offset, int length) throws UndecodableException;

  /**
   * A decoder of payloads straight into columns, one sink per field of the struct {@link #type()}, in order;
   * empty when this schema only decodes into objects. Decoding a payload either way gives the same column
   * values, and fails on the same payloads.
   */
  default Optional<ColumnDecoder> columnDecoder(List<FieldSink> sinks) {
    return Optional.empty();
  }

  /** Whether {@link #columnDecoder} gives a decoder. */
  default boolean decodesIntoColumns() {
    return false;
  }

  /** Whether payloads written with this message are the table's: always for Avro and JSON Schema. */
  default boolean isTableMessage(MessageSelector selector) {
    return true;
  }
}
