package io.mink.indexer.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.UncheckedIOException;
import java.net.ConnectException;
import org.apache.iceberg.exceptions.RESTException;
import org.junit.jupiter.api.Test;

class RoundFailureTest {
  @Test
  void aGenericMessageNamesItsRootCause() {
    RESTException failure = new RESTException(
        new UncheckedIOException(new ConnectException("Connection refused")),
        "Error occurred while processing GET request");

    assertThat(RoundFailure.describe(failure))
        .isEqualTo(
            "Error occurred while processing GET request (ConnectException: Connection refused)");
  }

  @Test
  void aMessageThatSaysItsCauseAlreadyIsKept() {
    IllegalStateException failure = new IllegalStateException(
        "Cannot write: Connection refused", new ConnectException("Connection refused"));

    assertThat(RoundFailure.describe(failure)).isEqualTo("Cannot write: Connection refused");
    assertThat(RoundFailure.describe(new IllegalStateException("alone"))).isEqualTo("alone");
  }
}
