package io.mink.schema.cdc;

import static java.util.Objects.requireNonNull;

import io.mink.schema.decode.PartResult;

/** What one Kafka record of a Debezium topic does to its upsert table. */
public sealed interface ChangeEvent {
  /**
   * A create ({@code c}), update ({@code u}) or snapshot read ({@code r}): {@code row} replaces the key's
   * row. Its type is the {@code after} struct's fields, then {@value CdcColumns#OP} and {@value CdcColumns#TS};
   * its schema is the same object for every record written with the same envelope schema.
   */
  record Upsert(PartResult.Decoded row) implements ChangeEvent {
    public Upsert {
      requireNonNull(row, "row is null");
    }
  }

  /**
   * The key's row is gone: a delete event ({@code op = d}, whatever its {@code before} holds) or a tombstone
   * (Kafka's value is null), which Debezium writes after each delete for log compaction.
   */
  record Delete(Cause cause) implements ChangeEvent {
    public Delete {
      requireNonNull(cause, "cause is null");
    }
  }

  /** Why a {@link Delete} deletes. */
  enum Cause {
    DELETE_EVENT,
    TOMBSTONE
  }

  /**
   * Not a row change: the record keeps its raw value and {@code raw} says why. A value that was not decoded
   * keeps the reason its decoding gave; a decoded value that is not a Debezium row change has
   * {@link io.mink.schema.decode.RawReason#NOT_A_DEBEZIUM_ENVELOPE}.
   */
  record NotAnEnvelope(PartResult.Raw raw) implements ChangeEvent {
    public NotAnEnvelope {
      requireNonNull(raw, "raw is null");
    }
  }
}
