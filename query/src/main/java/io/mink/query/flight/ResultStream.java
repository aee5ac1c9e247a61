package io.mink.query.flight;

import io.mink.query.sql.StatementResult;
import java.io.IOException;
import java.time.Duration;
import org.apache.arrow.flight.BackpressureStrategy;
import org.apache.arrow.flight.BackpressureStrategy.WaitResult;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightProducer.ServerStreamListener;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Sends a statement's batches to a Flight client as the engine produces them: each batch waits until the client can
 * take it, and the statement stops when the client cancels or reads nothing for {@link #CLIENT_TIMEOUT}.
 */
final class ResultStream {
  static final Duration CLIENT_TIMEOUT = Duration.ofMinutes(10);

  private ResultStream() {}

  /** Streams the whole result, or up to a cancel; the caller closes the result. */
  static void send(StatementResult result, ServerStreamListener listener) throws IOException {
    ArrowReader reader = result.reader();
    BackpressureStrategy backpressure = new BackpressureStrategy.CallbackBackpressureStrategy();
    backpressure.register(listener);
    listener.start(reader.getVectorSchemaRoot(), reader);
    while (reader.loadNextBatch()) {
      WaitResult waited = backpressure.waitForListener(CLIENT_TIMEOUT.toMillis());
      if (waited == WaitResult.CANCELLED) {
        return;
      }
      if (waited != WaitResult.READY) {
        listener.error(CallStatus.TIMED_OUT
            .withDescription("The client took no batch for " + CLIENT_TIMEOUT.toMinutes()
                + " minutes, so the statement was stopped: read results as they arrive")
            .toRuntimeException());
        return;
      }
      listener.putNext();
    }
    listener.completed();
  }
}
