package io.mink.testkit.registry;

/** An error as AWS Glue answers it over JSON 1.1: HTTP status, {@code __type} and {@code Message}. */
final class GlueError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String type;

  GlueError(int status, String type, String message) {
    super(message);
    this.status = status;
    this.type = type;
  }

  static GlueError entityNotFound(String message) {
    return new GlueError(400, "EntityNotFoundException", message);
  }

  static GlueError invalidInput(String message) {
    return new GlueError(400, "InvalidInputException", message);
  }

  static GlueError alreadyExists(String message) {
    return new GlueError(400, "AlreadyExistsException", message);
  }

  int status() {
    return status;
  }

  String type() {
    return type;
  }
}
