package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.ErrorCategory;
import io.mink.indexer.errors.MinkException;
import org.junit.jupiter.api.Test;

class TableNamesTest {
  @Test
  void aNameAloneIsInTheNamespaceOptionOrTheDefault() {
    assertThat(TableNames.qualified("orders", null, "kafka")).isEqualTo("kafka.orders");
    assertThat(TableNames.qualified("orders", "sales", "kafka")).isEqualTo("sales.orders");
    assertThat(TableNames.qualified("sales.orders", null, "kafka")).isEqualTo("sales.orders");
    assertThat(TableNames.qualified("sales.orders", "sales", "kafka")).isEqualTo("sales.orders");
  }

  @Test
  void aNamespaceTwiceOrAnInvalidNameIsAUsageError() {
    assertThatThrownBy(() -> TableNames.qualified("sales.orders", "kafka", "kafka"))
        .hasMessage(
            "Table sales.orders is in namespace sales, not kafka: leave out --namespace, or name the table "
                + "without its namespace");
    assertThatThrownBy(() -> TableNames.qualified("kafka.web.clicks", null, "kafka"))
        .hasMessage(
            "Invalid table name 'web.clicks': use ASCII letters, digits and '_', starting with a letter or '_' "
                + "(name the table as namespace.name, such as kafka.orders)");
    assertThatThrownBy(() -> TableNames.qualified("orders", "1st", "kafka"))
        .isInstanceOfSatisfying(
            MinkException.class, e -> assertThat(e.category()).isEqualTo(ErrorCategory.USER));
  }
}
