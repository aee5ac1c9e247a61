package io.mink.schema.registry;

/**
 * The registry answered, and the answer is that the schema a record names does not exist there (or
 * cannot be served by that registry). The fault is in the data or in which registry the producer
 * used: the record keeps its raw bytes and the reason is counted.
 */
public final class SchemaNotFoundException extends Exception {
  private static final long serialVersionUID = 1L;

  public SchemaNotFoundException(String message) {
    super(message);
  }

  public SchemaNotFoundException(String message, Throwable cause) {
    super(message, cause);
  }
}
