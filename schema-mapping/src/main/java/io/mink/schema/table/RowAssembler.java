package io.mink.schema.table;

import static java.util.Objects.requireNonNull;

import io.mink.schema.KafkaColumns;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.RawReason;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/**
 * Builds table rows of one table schema: the metadata columns, the raw key and value when they
 * were not decoded, and the typed columns of decoded parts. The schema must already hold the
 * decoded parts' columns (see {@link SchemaMerge}). Not thread-safe: one per round's fetch thread.
 */
public final class RowAssembler {
  private static final PartResult RAW = new PartResult.Raw(RawReason.NO_SCHEMA_ID, "kept raw");

  private final Schema schema;
  private final Types.StructType struct;
  private final Types.StructType headerType;
  private final IdentityHashMap<CompiledSchema, Placement> keyPlacements = new IdentityHashMap<>();
  private final IdentityHashMap<CompiledSchema, Placement> valuePlacements =
      new IdentityHashMap<>();

  public RowAssembler(Schema schema) {
    this.schema = requireNonNull(schema, "schema is null");
    this.struct = schema.asStruct();
    this.headerType =
        schema.findField(KafkaColumns.HEADERS).type().asListType().elementType().asStructType();
  }

  public Schema schema() {
    return schema;
  }

  /** The record's row with its key and value kept raw, as a table without a schema registry holds it. */
  public Record rawRow(ConsumerRecord<byte[], byte[]> record) {
    return row(
        record,
        record.key() == null ? PartResult.ABSENT : RAW,
        record.value() == null ? PartResult.ABSENT : RAW);
  }

  public Record row(ConsumerRecord<byte[], byte[]> record, PartResult key, PartResult value) {
    GenericRecord row = GenericRecord.create(struct);
    row.set(KafkaColumns.PARTITION_POSITION, record.partition());
    row.set(KafkaColumns.OFFSET_POSITION, record.offset());
    row.set(
        KafkaColumns.TIMESTAMP_POSITION,
        record.timestamp() < 0
            ? null
            : OffsetDateTime.ofInstant(Instant.ofEpochMilli(record.timestamp()), ZoneOffset.UTC));
    row.set(
        KafkaColumns.KEY_POSITION,
        key instanceof PartResult.Raw ? ByteBuffer.wrap(record.key()) : null);
    row.set(KafkaColumns.HEADERS_POSITION, headers(record));
    row.set(
        KafkaColumns.VALUE_POSITION,
        value instanceof PartResult.Raw ? ByteBuffer.wrap(record.value()) : null);
    if (key instanceof PartResult.Decoded decoded) {
      keyPlacements
          .computeIfAbsent(decoded.schema(), this::keyPlacement)
          .place(row, decoded.value());
    }
    if (value instanceof PartResult.Decoded decoded) {
      valuePlacements
          .computeIfAbsent(decoded.schema(), this::valuePlacement)
          .place(row, decoded.value());
    }
    return row;
  }

  private List<Record> headers(ConsumerRecord<byte[], byte[]> record) {
    Header[] all = record.headers().toArray();
    List<Record> rows = new ArrayList<>(all.length);
    for (Header header : all) {
      GenericRecord row = GenericRecord.create(headerType);
      row.set(0, header.key());
      row.set(1, header.value() == null ? null : ByteBuffer.wrap(header.value()));
      rows.add(row);
    }
    return rows;
  }

  private Placement keyPlacement(CompiledSchema schema) {
    int position = ValueAdapter.positionOf(
        struct, Types.NestedField.optional(-1, TableColumns.DECODED_KEY, schema.type()));
    ValueAdapter adapter =
        ValueAdapter.compile(schema.type(), struct.fields().get(position).type());
    return (row, value) -> row.set(position, value == null ? null : adapter.adapt(value));
  }

  private Placement valuePlacement(CompiledSchema schema) {
    if (!schema.type().isStructType()) {
      int position = ValueAdapter.positionOf(
          struct, Types.NestedField.optional(-1, TableColumns.VALUE, schema.type()));
      ValueAdapter adapter =
          ValueAdapter.compile(schema.type(), struct.fields().get(position).type());
      return (row, value) -> row.set(position, value == null ? null : adapter.adapt(value));
    }
    List<Types.NestedField> fields = schema.type().asStructType().fields();
    int[] positions = new int[fields.size()];
    ValueAdapter[] adapters = new ValueAdapter[fields.size()];
    for (int i = 0; i < fields.size(); i++) {
      positions[i] = ValueAdapter.positionOf(struct, fields.get(i));
      adapters[i] = ValueAdapter.compile(
          fields.get(i).type(), struct.fields().get(positions[i]).type());
    }
    return (row, value) -> {
      if (value == null) {
        return;
      }
      Record decoded = (Record) value;
      for (int i = 0; i < positions.length; i++) {
        Object field = decoded.get(i);
        row.set(positions[i], field == null ? null : adapters[i].adapt(field));
      }
    };
  }

  @FunctionalInterface
  private interface Placement {
    void place(GenericRecord row, Object value);
  }
}
