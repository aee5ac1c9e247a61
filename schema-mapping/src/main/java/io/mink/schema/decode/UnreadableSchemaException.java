package io.mink.schema.decode;

/** A registry schema Mink cannot parse or map; records written with it keep their raw bytes. */
public class UnreadableSchemaException extends Exception {
  public UnreadableSchemaException(String message) {
    super(message);
  }

  public UnreadableSchemaException(String message, Throwable cause) {
    super(message, cause);
  }
}
