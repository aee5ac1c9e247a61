package io.mink.query.sql;

import java.util.regex.Pattern;

/**
 * SQL's timestamp literals ({@code '2026-01-31'}, {@code '2026-01-31 13:45:00.5'}) as the ISO strings Iceberg reads.
 * The engine's session is in UTC, so a timestamp without an offset compared with a {@code timestamptz} column is a
 * time in UTC, as DuckDB compares it.
 */
final class LiteralTimes {
  private static final Pattern DATE_ONLY = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
  private static final Pattern OFFSET = Pattern.compile(".*(Z|[+-]\\d{2}(:?\\d{2})?)$");

  private LiteralTimes() {}

  /** A timestamp without an offset: {@code 2026-01-31T13:45:00.5}. */
  static String timestamp(String text) {
    String trimmed = text.trim();
    if (DATE_ONLY.matcher(trimmed).matches()) {
      return trimmed + "T00:00:00";
    }
    return trimmed.replaceFirst(" ", "T");
  }

  /** A timestamp with an offset: {@code 2026-01-31T13:45:00.5+00:00} when the literal has none. */
  static String timestampTz(String text) {
    String local = timestamp(text);
    if (!OFFSET.matcher(local.substring(Math.min(local.length(), 10))).matches()) {
      return local + "+00:00";
    }
    return local;
  }
}
