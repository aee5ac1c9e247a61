package io.mink.indexer.errors;

/**
 * Who is at fault for a failure, and so what is to be done about it. The CLI's exit code and the sidecar's retry
 * follow from it: only {@link #EXTERNAL} failures are retried on their own.
 */
public enum ErrorCategory {
  /** Bad input: a command, an option or a config value Mink cannot use. Fix it and run again. */
  USER,
  /** The request does not fit the state: the table is already added, is being removed, changed meanwhile. */
  CONFLICT,
  /**
   * Something outside Mink did not answer or moved under it: Kafka, the catalog, the registry or the object store
   * is down, or another writer committed to the table first. Wait and retry.
   */
  EXTERNAL,
  /** Kafka deleted records before they were indexed: an operator decides whether to accept the gap. */
  DATA_LOSS,
  /** A bug in Mink. */
  INTERNAL
}
