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
        "Invalid table name '1orders': use ASCII letters, digits and '_', starting with a letter or '_'");
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

  @Test
  void modeUpsertIsRecordedAndAppendIsTheDefault() {
    assertThat(TableOptions.modeOptions(null, null)).isEmpty();
    assertThat(TableOptions.modeOptions("append", null)).isEmpty();
    assertThat(TableOptions.modeOptions("UPSERT", null)).isEqualTo(Map.of("mode", "upsert"));
  }

  @Test
  void cdcImpliesUpsert() {
    assertThat(TableOptions.modeOptions(null, "debezium"))
        .isEqualTo(Map.of("mode", "upsert", "cdc", "debezium"));
    assertThat(TableOptions.modeOptions("upsert", "Debezium"))
        .isEqualTo(Map.of("mode", "upsert", "cdc", "debezium"));
  }

  @Test
  void aBadModeOrCdcFormatIsAUserErrorListingTheValidValues() {
    assertUserError(
        request("orders", null, List.of(), false, Map.of(), "merge", null),
        "Invalid table mode 'merge': use append or upsert (docs/tables.md \"Upsert tables\")");
    assertUserError(
        request("orders", null, List.of(), false, Map.of(), null, "maxwell"),
        "Invalid cdc format 'maxwell': use debezium (docs/tables.md \"Upsert tables\")");
  }

  @Test
  void cdcWithModeAppendIsAUserError() {
    assertUserError(
        request("orders", null, List.of(), false, Map.of(), "append", "debezium"),
        "Cannot use --cdc debezium with --mode append: CDC tables are upsert tables. Leave out "
            + "--mode, or give --mode upsert");
  }

  @Test
  void partitionByWithUpsertIsAUserError() {
    assertUserError(
        request("orders", null, List.of("day(_kafka_timestamp)"), false, Map.of(), "upsert", null),
        "Cannot use --partition-by with --mode upsert: an upsert table is partitioned by "
            + "_kafka_partition only, because a key's row must stay in its Kafka partition's "
            + "files. Leave out --partition-by");
  }

  @Test
  void modeAsAnOptionIsAUserErrorThatNamesTheFlags() {
    assertThatThrownBy(() -> TableOptions.tableOptions(Map.of("mink.mode", "upsert")))
        .isInstanceOf(MinkException.class)
        .hasMessage("Option mink.mode is not set with --option: a table's mode and cdc are given "
            + "when it is added, with mink table add --mode and --cdc, and stay fixed. To change "
            + "them, remove the table (mink table remove) and add it again with the new mode");
  }

  @Test
  void adoptRefusesWhatOnlyAppliesToANewTableOrAnUpsertTable() {
    assertThat(TableAddition.of(adopt(null, false, null, List.of()), CONFIG))
        .as("an append adoption is accepted")
        .isNotNull();
    assertUserError(
        adopt("upsert", false, null, List.of()),
        "Cannot adopt the sink's table lake.orders as an upsert table: its rows have no _kafka_key to key on, and"
            + " Iceberg does not make the optional column Mink adds required. Adopt it with --mode append, or add"
            + " the topic as a new upsert table with --after-connect-sink");
    assertUserError(
        adopt(null, false, "orders_v2", List.of()),
        "--adopt names the table, lake.orders, as the sink's table: leave out --namespace and --name");
    assertUserError(
        adopt(null, true, null, List.of()),
        "--adopt attaches the sink's table lake.orders itself: leave out --attach");
    assertUserError(
        adopt(null, false, null, List.of("day(_kafka_timestamp)")),
        "--partition-by applies to a table Mink creates: an adopted table keeps the sink's partition fields and"
            + " gains identity(_kafka_partition). Leave out --partition-by");
  }

  private static AddRequest adopt(
      String mode, boolean attach, String name, List<String> partitionBy) {
    return new AddRequest(
        "orders",
        null,
        name,
        null,
        Map.of(),
        partitionBy,
        false,
        attach,
        null,
        mode,
        null,
        null,
        ConnectSinkStart.of(null, "lake.orders", "connect-orders-sink"));
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
      Map<String, String> options,
      String mode,
      String cdc) {
    return new AddRequest(
        topic, null, name, null, options, partitionBy, false, attach, null, mode, cdc, null, null);
  }

  private static AddRequest request(
      String topic,
      String name,
      List<String> partitionBy,
      boolean attach,
      Map<String, String> options) {
    return new AddRequest(
        topic, null, name, null, options, partitionBy, false, attach, null, null, null, null, null);
  }
}
