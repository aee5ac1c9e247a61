package io.mink.testkit.registry;

/**
 * An error a Confluent registry answers: the HTTP status and Confluent's body
 * {@code {"error_code": 40403, "message": "Schema 7 not found"}}.
 */
final class RegistryError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final int errorCode;

  RegistryError(int status, int errorCode, String message) {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
  }

  static RegistryError subjectNotFound(String subject) {
    return new RegistryError(404, 40401, "Subject '" + subject + "' not found.");
  }

  static RegistryError versionNotFound(int version) {
    return new RegistryError(404, 40402, "Version " + version + " not found.");
  }

  static RegistryError schemaNotFound(Object idOrGuid) {
    return new RegistryError(404, 40403, "Schema " + idOrGuid + " not found");
  }

  static RegistryError schemaNotFound() {
    return new RegistryError(404, 40403, "Schema not found");
  }

  static RegistryError invalidSchema(String message) {
    return new RegistryError(422, 42201, message);
  }

  static RegistryError invalidVersion(String version) {
    return new RegistryError(
        422,
        42202,
        "The specified version '" + version + "' is not a valid version id. "
            + "Allowed values are between [1, 2^31-1] and the string \"latest\"");
  }

  int status() {
    return status;
  }

  int errorCode() {
    return errorCode;
  }
}
