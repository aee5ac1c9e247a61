package io.mink.cli.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.config.MinkConfigLoader;
import io.mink.indexer.errors.ErrorCategory;
import io.mink.indexer.errors.MinkException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A bad add request fails before any I/O, as a user error that says what to use. */
class TableAdditionTest {
  private static final MinkConfig CONFIG = MinkConfigLoader.load(
      null, Map.of("MINK_KAFKA_BOOTSTRAP_SERVERS", "localhost:9092"), Path.of("target"));

  @Test
  void anInvalidTableNameIsAUserError() {
    assertUserError(
        request("orders", "1orders", List.of(), false, Map.of()),
        "Invalid table name '1orders': use letters, digits and '_', starting with a letter or '_'");
  }

  @Test
  void partitionByWithAttachIsAUserError() {
    assertUserError(
        request("orders", null, List.of("day(_kafka_timestamp)"), true, Map.of()),
        "--partition-by applies to a table Mink creates: an attached table keeps its partition spec. Leave out "
            + "--partition-by, or change the spec with your engine");
  }

  @Test
  void anUnknownPartitionFieldIsAUserError() {
    assertThatThrownBy(() -> TableAddition.of(
            request("orders", null, List.of("customer_id"), false, Map.of()), CONFIG))
        .isInstanceOfSatisfying(
            MinkException.class, e -> assertThat(e.category()).isEqualTo(ErrorCategory.USER));
  }

  private static void assertUserError(AddRequest request, String message) {
    assertThatThrownBy(() -> TableAddition.of(request, CONFIG))
        .isInstanceOfSatisfying(
            MinkException.class, e -> assertThat(e.category()).isEqualTo(ErrorCategory.USER))
        .hasMessage(message);
  }

  private static AddRequest request(
      String topic,
      String name,
      List<String> partitionBy,
      boolean attach,
      Map<String, String> options) {
    return new AddRequest(topic, null, name, null, options, partitionBy, false, attach, null);
  }
}
