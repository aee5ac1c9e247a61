package io.mink.indexer.errors;

import static java.util.Objects.requireNonNull;

/** A failure whose message says what is wrong and what to do, with the category that says who is at fault. */
public class MinkException extends RuntimeException {
  private final ErrorCategory category;

  public MinkException(ErrorCategory category, String message) {
    super(message);
    this.category = requireNonNull(category, "category is null");
  }

  public MinkException(ErrorCategory category, String message, Throwable cause) {
    super(message, cause);
    this.category = requireNonNull(category, "category is null");
  }

  public static MinkException user(String message) {
    return new MinkException(ErrorCategory.USER, message);
  }

  public static MinkException user(String message, Throwable cause) {
    return new MinkException(ErrorCategory.USER, message, cause);
  }

  public static MinkException conflict(String message) {
    return new MinkException(ErrorCategory.CONFLICT, message);
  }

  public static MinkException conflict(String message, Throwable cause) {
    return new MinkException(ErrorCategory.CONFLICT, message, cause);
  }

  public static MinkException external(String message, Throwable cause) {
    return new MinkException(ErrorCategory.EXTERNAL, message, cause);
  }

  public static MinkException external(String message) {
    return new MinkException(ErrorCategory.EXTERNAL, message);
  }

  /** The thread was interrupted while waiting for {@code what}: the process is being stopped. */
  public static MinkException interrupted(String what, InterruptedException cause) {
    Thread.currentThread().interrupt();
    return new MinkException(ErrorCategory.INTERNAL, "Interrupted while " + what, cause);
  }

  public ErrorCategory category() {
    return category;
  }
}
