package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.config.ConfigException;
import io.mink.indexer.errors.ErrorCategory;
import io.mink.indexer.errors.MinkException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

class ExitCodeTest {
  @Test
  void eachCategoryHasItsExitCode() {
    assertThat(ExitCode.of(MinkException.user("Invalid table name '1x'")))
        .isEqualTo(ExitCode.USAGE);
    assertThat(ExitCode.of(MinkException.conflict("Table kafka.orders is already added")))
        .isEqualTo(ExitCode.CONFLICT);
    assertThat(ExitCode.of(MinkException.external("Cannot reach Kafka at localhost:9092")))
        .isEqualTo(ExitCode.UNAVAILABLE);
    assertThat(ExitCode.of(new MinkException(ErrorCategory.DATA_LOSS, "Kafka deleted records")))
        .isEqualTo(ExitCode.CONFLICT);
    assertThat(ExitCode.of(new MinkException(ErrorCategory.INTERNAL, "Interrupted while waiting")))
        .isEqualTo(ExitCode.INTERNAL_ERROR);
  }

  @Test
  void aUserErrorInTheConfigFileIsExitCodeThree() {
    assertThat(ExitCode.of(new ConfigException("Unknown key 'freshnes' in [indexer]")))
        .isEqualTo(ExitCode.CONFIG);
  }

  @Test
  void anUncategorizedOutageIsUnavailableAndAnythingElseInternal() {
    assertThat(ExitCode.of(new TimeoutException("Timed out waiting for a node")))
        .isEqualTo(ExitCode.UNAVAILABLE);
    assertThat(ExitCode.of(new NullPointerException())).isEqualTo(ExitCode.INTERNAL_ERROR);
  }
}
