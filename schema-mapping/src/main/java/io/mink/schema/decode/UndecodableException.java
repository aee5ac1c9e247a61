package io.mink.schema.decode;

/** The bytes of a record part do not decode with its schema; the part keeps its raw bytes. */
public class UndecodableException extends Exception {
  public UndecodableException(String message) {
    super(message, null, false, false);
  }

  public UndecodableException(String message, Throwable cause) {
    super(message, cause, false, false);
  }
}
