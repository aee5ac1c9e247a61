package io.mink.tables;

/**
 * The tables topic cannot be read or written now: Kafka does not answer, the topic is missing, or Mink may not
 * use it. The message says which, and what to check.
 */
public final class TableStoreException extends IllegalStateException {
  public TableStoreException(String message) {
    super(message);
  }

  public TableStoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
