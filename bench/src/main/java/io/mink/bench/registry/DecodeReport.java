package io.mink.bench.registry;

import io.mink.bench.registry.DecodeThroughput.Result;
import io.mink.bench.registry.DecodeThroughput.Speed;
import java.io.PrintStream;
import java.util.Locale;

/** Prints part 1 of the registry benchmark, decode and convert per language, and the heading of part 2. */
final class DecodeReport {
  private static final String DECODE_ROW = "%-12s %9s %12s %12s %8s %12s %12s %8s %11s %11s%n";

  private final PrintStream out;

  DecodeReport(PrintStream out) {
    this.out = out;
  }

  void decodeHeader() {
    out.printf(
        "%n== 1 decode and convert, one thread, warm (%d s warm-up, %d runs of %d s; best and median run)%n",
        DecodeThroughput.WARM_UP_MILLIS / 1000,
        DecodeThroughput.RUNS,
        DecodeThroughput.RUN_MILLIS / 1000);
    out.printf(
        DECODE_ROW,
        "language",
        "payload B",
        "decode r/s",
        "median",
        "MB/s",
        "+row r/s",
        "median",
        "MB/s",
        "decode/CPU",
        "+row/CPU");
    out.flush();
  }

  void decoded(Result result) {
    Speed decode = result.decode();
    Speed row = result.decodeToRow();
    out.printf(
        DECODE_ROW,
        result.language().displayName(),
        format("%.0f", result.payloadBytes()),
        format("%,.0f", decode.best()),
        format("%,.0f", decode.median()),
        format("%.1f", decode.best() * result.payloadBytes() / 1e6),
        format("%,.0f", row.best()),
        format("%,.0f", row.median()),
        format("%.1f", row.best() * result.payloadBytes() / 1e6),
        format("%,.0f", decode.perCpuSecond()),
        format("%,.0f", row.perCpuSecond()));
    out.flush();
  }

  void decodeFooter() {
    out.println(
        "(decode = CompiledSchema.decode alone; +row = decode and RowAssembler.row into the merged table "
            + "schema; r/s = records per wall second; /CPU = records per second of the thread's CPU time, "
            + "which other processes barely move)");
    out.flush();
  }

  void endToEndHeader(int records) {
    out.printf("%n== 2 Avro end to end, %,d records%n", records);
    out.flush();
  }

  private static String format(String pattern, Object value) {
    return String.format(Locale.ROOT, pattern, value);
  }
}
