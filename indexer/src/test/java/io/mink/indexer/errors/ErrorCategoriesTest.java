package io.mink.indexer.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.config.ConfigException;
import io.mink.indexer.round.DataLossException;
import io.mink.indexer.round.OffsetGap;
import io.mink.lake.LakeOffsets;
import io.mink.lake.commit.OffsetConflictException;
import io.mink.tables.TableStoreException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.exceptions.RuntimeIOException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

class ErrorCategoriesTest {
  @Test
  void aMinkExceptionSaysItsOwnCategory() {
    assertThat(ErrorCategories.of(MinkException.conflict("Table kafka.orders is already added")))
        .isEqualTo(ErrorCategory.CONFLICT);
    assertThat(ErrorCategories.of(new ConfigException("Unknown key 'freshnes'")))
        .isEqualTo(ErrorCategory.USER);
    assertThat(ErrorCategories.of(
            new DataLossException("kafka.orders", "orders", List.of(new OffsetGap(0, 0, 5)))))
        .isEqualTo(ErrorCategory.DATA_LOSS);
  }

  @Test
  void theOutermostMinkExceptionWinsOverItsCause() {
    RuntimeException wrapped =
        MinkException.user("Bad option", new UncheckedIOException(new IOException("disk")));

    assertThat(ErrorCategories.of(wrapped)).isEqualTo(ErrorCategory.USER);
  }

  @Test
  void outagesOfKafkaTheCatalogAndTheNetworkAreExternal() {
    assertThat(ErrorCategories.of(new TimeoutException("Timed out waiting for a node")))
        .isEqualTo(ErrorCategory.EXTERNAL);
    assertThat(ErrorCategories.of(new RuntimeIOException(new IOException("Connection reset"))))
        .isEqualTo(ErrorCategory.EXTERNAL);
    assertThat(ErrorCategories.of(
            new TableStoreException("The tables topic _mink_tables does not exist")))
        .isEqualTo(ErrorCategory.EXTERNAL);
  }

  @Test
  void anOutageDeepInTheCauseChainIsStillExternal() {
    RuntimeException wrapped = new IllegalStateException(
        "Cannot load table", new CompletionException(new ConnectException("Connection refused")));

    assertThat(ErrorCategories.of(wrapped)).isEqualTo(ErrorCategory.EXTERNAL);
  }

  @Test
  void aCommitThatLostTheRaceWithAnotherWriterIsRetriedAsExternal() {
    assertThat(ErrorCategories.of(new CommitFailedException("Version 3 already exists")))
        .isEqualTo(ErrorCategory.EXTERNAL);
    assertThat(ErrorCategories.of(new OffsetConflictException(
            "kafka.orders", LakeOffsets.of(Map.of(0, 5L)), LakeOffsets.of(Map.of(0, 9L)))))
        .isEqualTo(ErrorCategory.EXTERNAL);
  }

  @Test
  void aTableMissingFromTheCatalogIsAConflict() {
    assertThat(ErrorCategories.of(new NoSuchTableException("Table does not exist: kafka.orders")))
        .isEqualTo(ErrorCategory.CONFLICT);
  }

  @Test
  void anythingElseIsABug() {
    assertThat(ErrorCategories.of(new NullPointerException())).isEqualTo(ErrorCategory.INTERNAL);
    assertThat(ErrorCategories.of(new IllegalStateException("Round has no plan")))
        .isEqualTo(ErrorCategory.INTERNAL);
  }
}
