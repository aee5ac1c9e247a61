package io.mink.schema.cdc;

import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.RawReason;
import io.mink.schema.decode.UndecodableException;
import io.mink.schema.registry.SchemaRef;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Type;

/**
 * A Debezium envelope schema seen as the schema of its unwrapped rows: {@link #type()} is the row struct
 * ({@code after}'s fields, {@value CdcColumns#OP}, {@value CdcColumns#TS}) and {@link #decode} decodes an
 * envelope payload and unwraps it. Only a create, update or snapshot read decodes into a row.
 */
final class UnwrappedSchema implements CompiledSchema {
  private final CompiledSchema envelope;
  private final EnvelopeLayout layout;

  UnwrappedSchema(CompiledSchema envelope, EnvelopeLayout layout) {
    this.envelope = envelope;
    this.layout = layout;
  }

  @Override
  public Type type() {
    return layout.rowType();
  }

  @Override
  public Object decode(byte[] data, int offset, int length) throws UndecodableException {
    Object outcome = outcome(envelope.decode(data, offset, length));
    if (outcome instanceof GenericRecord row) {
      return row;
    }
    throw new UndecodableException(
        outcome instanceof ChangeEvent.NotAnEnvelope other
            ? other.raw().detail()
            : "a delete event has no row");
  }

  /** What one decoded envelope does to the table; {@code ref} names its schema in the row it gives. */
  ChangeEvent event(SchemaRef ref, Object value) {
    Object outcome = outcome(value);
    return outcome instanceof GenericRecord row
        ? new ChangeEvent.Upsert(new PartResult.Decoded(ref, this, row))
        : (ChangeEvent) outcome;
  }

  /** The unwrapped row of an upsert, or the {@link ChangeEvent} of anything else. */
  private Object outcome(Object value) {
    if (!(value instanceof StructLike struct)) {
      return notAnEnvelope(
          value == null
              ? "the envelope is null"
              : "the value is a " + value.getClass().getSimpleName() + ", not a struct");
    }
    String op = layout.op(struct);
    if (op == null) {
      return notAnEnvelope("the envelope's op is null: Debezium writes c, u, d, r, t or m");
    }
    return switch (op) {
      case "c", "u", "r" ->
        layout.after(struct) == null
            ? notAnEnvelope("op '" + op + "' has no 'after' row to write")
            : layout.row(struct, op);
      case "d" -> new ChangeEvent.Delete(ChangeEvent.Cause.DELETE_EVENT);
      case "t" ->
        notAnEnvelope(
            "a truncate event (op 't'): Mink does not empty a table on a"
                + " truncate, so the event is kept raw; delete the rows with SQL if the table should follow");
      case "m" -> notAnEnvelope("a logical decoding message (op 'm'), not a row change");
      default -> notAnEnvelope("unknown op '" + op + "': Debezium writes c, u, d, r, t or m");
    };
  }

  static ChangeEvent.NotAnEnvelope notAnEnvelope(String detail) {
    return new ChangeEvent.NotAnEnvelope(
        new PartResult.Raw(RawReason.NOT_A_DEBEZIUM_ENVELOPE, detail));
  }
}
