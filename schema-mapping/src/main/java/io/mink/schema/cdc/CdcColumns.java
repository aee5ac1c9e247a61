package io.mink.schema.cdc;

/** The columns an unwrapped Debezium row carries after its {@code after} fields. */
public final class CdcColumns {
  /** Debezium's {@code op}: {@code c} create, {@code u} update, {@code r} snapshot read. */
  public static final String OP = "_cdc_op";

  /** The change's time in the source database ({@code source.ts_ms}) as a timestamptz; null without one. */
  public static final String TS = "_cdc_ts";

  private CdcColumns() {}
}
