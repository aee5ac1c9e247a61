package io.mink.schema.cdc;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;

/**
 * Where a Debezium envelope struct keeps {@code op}, {@code after} and {@code source.ts_ms}, and the row struct
 * it unwraps into: the {@code after} struct's fields, all optional, then {@value CdcColumns#OP} and
 * {@value CdcColumns#TS}. Found once per envelope schema; {@link #row} runs per record.
 */
final class EnvelopeLayout {
  /** Milliseconds beyond which Iceberg's microsecond timestamps overflow. */
  private static final long MAX_MILLIS = Long.MAX_VALUE / 1000;

  private final int op;
  private final int after;
  private final int source;
  private final int sourceTs;
  private final int afterWidth;
  private final GenericRecord template;

  private EnvelopeLayout(int op, int after, int source, int sourceTs, Types.StructType row) {
    this.op = op;
    this.after = after;
    this.source = source;
    this.sourceTs = sourceTs;
    this.afterWidth = row.fields().size() - 2;
    this.template = GenericRecord.create(row);
  }

  /** The outcome of reading an envelope schema: a layout, or what keeps the type from being an envelope. */
  record Found(EnvelopeLayout layout, String problem) {}

  static Found of(Type type) {
    if (!type.isStructType()) {
      return problem("the value is a " + type + ", not a struct with op, before, after and source");
    }
    Types.StructType envelope = type.asStructType();
    Types.NestedField opField = envelope.field("op");
    if (opField == null || opField.type().typeId() != Type.TypeID.STRING) {
      return problem(
          opField == null
              ? "the value's struct has no 'op' field: " + names(envelope)
              : "the value's 'op' field is a " + opField.type() + ", not a string");
    }
    Types.NestedField afterField = envelope.field("after");
    if (afterField == null || !afterField.type().isStructType()) {
      return problem(
          afterField == null
              ? "the value's struct has no 'after' field: " + names(envelope)
              : "the value's 'after' field is a " + afterField.type() + ", not a struct");
    }
    Types.StructType afterType = afterField.type().asStructType();
    for (String added : List.of(CdcColumns.OP, CdcColumns.TS)) {
      if (afterType.field(added) != null) {
        return problem("the 'after' struct has a field named " + added + ", the name of the column"
            + " Mink adds to an unwrapped row");
      }
    }
    Types.NestedField sourceField = envelope.field("source");
    Types.NestedField tsField = sourceField != null && sourceField.type().isStructType()
        ? sourceField.type().asStructType().field("ts_ms")
        : null;
    int sourceTs = tsField == null || !isTime(tsField.type())
        ? -1
        : sourceField.type().asStructType().fields().indexOf(tsField);
    EnvelopeLayout layout = new EnvelopeLayout(
        envelope.fields().indexOf(opField),
        envelope.fields().indexOf(afterField),
        sourceField == null ? -1 : envelope.fields().indexOf(sourceField),
        sourceTs,
        rowType(envelope, afterType));
    return new Found(layout, null);
  }

  Types.StructType rowType() {
    return template.struct();
  }

  /** The envelope's {@code op}, or null when it has none. */
  String op(StructLike envelope) {
    Object value = envelope.get(op, Object.class);
    return value == null ? null : value.toString();
  }

  /** The envelope's {@code after} struct, or null when it has none. */
  StructLike after(StructLike envelope) {
    return envelope.get(after, StructLike.class);
  }

  /** The unwrapped row of an envelope whose {@code after} is not null. */
  GenericRecord row(StructLike envelope, String opValue) {
    StructLike afterValue = after(envelope);
    GenericRecord row = template.copy();
    for (int position = 0; position < afterWidth; position++) {
      row.set(position, afterValue.get(position, Object.class));
    }
    row.set(afterWidth, opValue);
    row.set(afterWidth + 1, sourceTimestamp(envelope));
    return row;
  }

  private OffsetDateTime sourceTimestamp(StructLike envelope) {
    StructLike sourceValue = source < 0 ? null : envelope.get(source, StructLike.class);
    Object ts =
        sourceValue == null || sourceTs < 0 ? null : sourceValue.get(sourceTs, Object.class);
    if (ts instanceof OffsetDateTime instant) {
      return instant;
    }
    if (ts instanceof LocalDateTime local) {
      return local.atOffset(ZoneOffset.UTC);
    }
    if (ts instanceof Number millis && Math.abs(millis.longValue()) <= MAX_MILLIS) {
      return Instant.ofEpochMilli(millis.longValue()).atOffset(ZoneOffset.UTC);
    }
    return null;
  }

  private static boolean isTime(Type type) {
    return switch (type.typeId()) {
      case LONG, INTEGER, TIMESTAMP -> true;
      default -> false;
    };
  }

  private static Types.StructType rowType(Types.StructType envelope, Types.StructType afterType) {
    int lastId = Collections.max(TypeUtil.indexById(envelope).keySet());
    List<Types.NestedField> fields = new ArrayList<>();
    for (Types.NestedField field : afterType.fields()) {
      fields.add(field.asOptional());
    }
    fields.add(Types.NestedField.optional(
        lastId + 1,
        CdcColumns.OP,
        Types.StringType.get(),
        "Debezium's op: c create, u update, r snapshot read"));
    fields.add(Types.NestedField.optional(
        lastId + 2,
        CdcColumns.TS,
        Types.TimestampType.withZone(),
        "when the change was made in the source database (source.ts_ms)"));
    return Types.StructType.of(fields);
  }

  private static String names(Types.StructType struct) {
    return "its fields are "
        + struct.fields().stream().map(Types.NestedField::name).toList();
  }

  private static Found problem(String problem) {
    return new Found(null, problem);
  }
}
