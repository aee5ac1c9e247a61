package io.mink.query.flight;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.errors.MinkException;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

class FlightErrorsTest {
  @Test
  void badSqlIsAnInvalidArgumentWithTheEnginesMessage() {
    FlightRuntimeException flight = FlightErrors.toFlight(
        MinkException.user("Parser Error: syntax error at or near \"SELEC\""));

    assertThat(flight.status().code()).isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    assertThat(flight.status().description())
        .isEqualTo("Parser Error: syntax error at or near \"SELEC\"");
  }

  @Test
  void aTableThatIsNotIndexingIsNotFound() {
    CallStatus status = FlightErrors.status(
        MinkException.conflict("Table kafka.orders is not added: add it with mink table add"));

    assertThat(status.code()).isEqualTo(FlightStatusCode.NOT_FOUND);
    assertThat(status.description())
        .isEqualTo("Table kafka.orders is not added: add it with mink table add");
  }

  @Test
  void kafkaOrTheCatalogBeingDownIsUnavailableEvenWhenWrapped() {
    assertThat(
            FlightErrors.status(MinkException.external("Kafka at localhost:9092 does not answer"))
                .code())
        .isEqualTo(FlightStatusCode.UNAVAILABLE);
    assertThat(FlightErrors.status(
                new IllegalStateException("reading the tail", new TimeoutException("Timed out")))
            .code())
        .isEqualTo(FlightStatusCode.UNAVAILABLE);
  }

  @Test
  void aBugIsInternalAndPointsAtTheLog() {
    CallStatus status = FlightErrors.status(new NullPointerException("vector is null"));

    assertThat(status.code()).isEqualTo(FlightStatusCode.INTERNAL);
    assertThat(status.description())
        .isEqualTo("mink-query failed on a bug: vector is null; its log has the stack trace");
  }

  @Test
  void aFlightFailureIsPassedOnAsItIs() {
    FlightRuntimeException cancelled =
        CallStatus.CANCELLED.withDescription("cancelled").toRuntimeException();

    assertThat(FlightErrors.toFlight(cancelled)).isSameAs(cancelled);
  }
}
