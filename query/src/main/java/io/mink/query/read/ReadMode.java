package io.mink.query.read;

/**
 * What a read returns. The constants are the values users type after {@code --mode}, hence lower case.
 *
 * <table>
 *   <tr><th>Mode</th><th>Rows</th></tr>
 *   <tr><td>union</td><td>the lake snapshot below each partition's seam, then the Kafka tail up to the last stable
 *   offset at plan time; for an upsert table merged by key, one row per key ({@link KeyMerge})</td></tr>
 *   <tr><td>lake</td><td>the lake snapshot alone, as any Iceberg engine reads it</td></tr>
 *   <tr><td>log</td><td>Kafka alone, from log start to the last stable offset, decoded as a round decodes it</td></tr>
 * </table>
 */
public enum ReadMode {
  union,
  lake,
  log;

  public boolean readsLake() {
    return this != log;
  }

  public boolean readsLog() {
    return this != lake;
  }
}
