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
        .isEqualTo(new ConnectSinkStart("lake.orders", "connect-orders-sink", false));
  }

  @Test
  void oneOptionWithoutTheOtherIsAUsageError() {
    assertThatThrownBy(() -> ConnectSinkStart.of("lake.orders", null))
        .hasMessage(
            "--connect-group goes with --after-connect-sink or --adopt: name the sink's table as"
                + " NAMESPACE.TABLE and its Connect group (the connector's iceberg.connect.group-id, by default"
                + " connect-<connector name>)")
        .satisfies(e -> assertThat(ErrorCategories.of(e)).isEqualTo(ErrorCategory.USER));
    assertThatThrownBy(() -> ConnectSinkStart.of(null, "connect-orders-sink"))
        .hasMessageStartingWith("--connect-group goes with --after-connect-sink or --adopt");
  }

  @Test
  void aTableWithoutNamespaceIsAUsageError() {
    assertThatThrownBy(() -> ConnectSinkStart.of("orders", "connect-orders-sink"))
        .hasMessage("--after-connect-sink names the sink's table as NAMESPACE.TABLE, not orders");
  }

  @Test
  void adoptNamesTheSinksTableToContinueIn() {
    assertThat(ConnectSinkStart.of(null, "lake.orders", "connect-orders-sink"))
        .isEqualTo(new ConnectSinkStart("lake.orders", "connect-orders-sink", true));
    assertThatThrownBy(() -> ConnectSinkStart.of(null, "orders", "connect-orders-sink"))
        .hasMessage("--adopt names the sink's table as NAMESPACE.TABLE, not orders");
  }

  @Test
  void adoptAndAfterConnectSinkAreExclusive() {
    assertThatThrownBy(
            () -> ConnectSinkStart.of("lake.orders", "lake.orders", "connect-orders-sink"))
        .hasMessageStartingWith(
            "--after-connect-sink starts a new table after the sink's, and --adopt")
        .satisfies(e -> assertThat(ErrorCategories.of(e)).isEqualTo(ErrorCategory.USER));
  }
}
