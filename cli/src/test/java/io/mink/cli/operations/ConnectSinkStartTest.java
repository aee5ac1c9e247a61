package io.mink.cli.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.ErrorCategories;
import io.mink.indexer.errors.ErrorCategory;
import org.junit.jupiter.api.Test;

class ConnectSinkStartTest {
  @Test
  void neitherOptionMeansNoTakeover() {
    assertThat(ConnectSinkStart.of(null, null)).isNull();
  }

  @Test
  void bothOptionsNameTheSinksTableAndGroup() {
    assertThat(ConnectSinkStart.of("lake.orders", "connect-orders-sink"))
        .isEqualTo(new ConnectSinkStart("lake.orders", "connect-orders-sink"));
  }

  @Test
  void oneOptionWithoutTheOtherIsAUsageError() {
    assertThatThrownBy(() -> ConnectSinkStart.of("lake.orders", null))
        .hasMessage("--after-connect-sink and --connect-group go together: name the sink's table as"
            + " NAMESPACE.TABLE and its Connect group (the connector's iceberg.connect.group-id, by default"
            + " connect-<connector name>)")
        .satisfies(e -> assertThat(ErrorCategories.of(e)).isEqualTo(ErrorCategory.USER));
    assertThatThrownBy(() -> ConnectSinkStart.of(null, "connect-orders-sink"))
        .hasMessageStartingWith("--after-connect-sink and --connect-group go together");
  }

  @Test
  void aTableWithoutNamespaceIsAUsageError() {
    assertThatThrownBy(() -> ConnectSinkStart.of("orders", "connect-orders-sink"))
        .hasMessage("--after-connect-sink names the sink's table as NAMESPACE.TABLE, not orders");
  }
}
