package io.mink.cli.query;

/** How mink-query prints a statement's rows; the constants are the values users type, hence lower case. */
public enum ResultFormat {
  /** Aligned text for people. */
  table,
  /** One JSON object per row and line. */
  json,
  /** RFC 4180 with a header line. */
  csv
}
