package io.mink.query.flight;

import io.mink.indexer.errors.ErrorCategories;
import io.mink.indexer.errors.ErrorCategory;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;

/**
 * The Flight status a client sees for a failure, with the failure's message as its description. The status follows
 * who is at fault ({@link ErrorCategory}): bad SQL or a statement that writes is an invalid argument, a table that is
 * not added or not indexing is not found, Kafka, the registry or the catalog being down is unavailable (retry), and
 * anything else is internal.
 */
final class FlightErrors {
  private FlightErrors() {}

  static FlightRuntimeException toFlight(Throwable failure) {
    if (failure instanceof FlightRuntimeException flight) {
      return flight;
    }
    return status(failure).withCause(failure).toRuntimeException();
  }

  static CallStatus status(Throwable failure) {
    ErrorCategory category = ErrorCategories.of(failure);
    String message = failure.getMessage() == null ? failure.toString() : failure.getMessage();
    return switch (category) {
      case USER -> CallStatus.INVALID_ARGUMENT.withDescription(message);
      case CONFLICT -> CallStatus.NOT_FOUND.withDescription(message);
      case EXTERNAL -> CallStatus.UNAVAILABLE.withDescription(message);
      case DATA_LOSS -> CallStatus.UNKNOWN.withDescription(message);
      case INTERNAL ->
        CallStatus.INTERNAL.withDescription(
            "mink-query failed on a bug: " + message + "; its log has the stack trace");
    };
  }

  /** A write, which mink-query never runs: {@code what} says what was asked for. */
  static FlightRuntimeException readOnly(String what) {
    return CallStatus.INVALID_ARGUMENT
        .withDescription("mink-query is read-only: it does not run " + what
            + "; add tables with mink table add and write rows to their Kafka topics")
        .toRuntimeException();
  }

  /** A Flight SQL feature that mink-query does not have, and what to do instead. */
  static FlightRuntimeException unsupported(String what, String instead) {
    return CallStatus.UNIMPLEMENTED
        .withDescription("mink-query does not support " + what + ": " + instead)
        .toRuntimeException();
  }
}
