package io.mink.cli.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.query.sql.CatalogTable;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

class ShellMetaCommandsTest {
  private static final CatalogTable ORDERS = new CatalogTable(
      "kafka",
      "orders",
      new Schema(List.of(
          new Field("_kafka_partition", FieldType.notNullable(new ArrowType.Int(32, true)), null),
          Field.nullable("_kafka_timestamp", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
          new Field(
              "lines",
              FieldType.nullable(ArrowType.List.INSTANCE),
              List.of(new Field(
                  "element",
                  FieldType.nullable(ArrowType.Struct.INSTANCE),
                  List.of(
                      Field.nullable("sku", ArrowType.Utf8.INSTANCE),
                      Field.nullable(
                          "price",
                          new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)))))))));
  private static final CatalogTable EVENTS = new CatalogTable(
      "audit", "events", new Schema(List.of(Field.nullable("id", new ArrowType.Int(64, true)))));

  private final StringWriter out = new StringWriter();
  private final ShellMetaCommands commands =
      new ShellMetaCommands(() -> List.of(ORDERS, EVENTS), "kafka", new PrintWriter(out));

  @Test
  void listsTheTablesOfTheCatalogWithTheirColumnCounts() {
    assertThat(commands.run("\\d")).isTrue();

    assertThat(out).hasToString("""
        schema  table   columns
        audit   events  1
        kafka   orders  3
        2 rows
        """);
  }

  @Test
  void describesATableByNameInTheDatabaseOrQualified() {
    commands.run("\\d orders");
    String byName = out.toString();
    out.getBuffer().setLength(0);
    commands.run("\\d KAFKA.orders");

    assertThat(byName).isEqualTo(out.toString()).isEqualTo("""
        Table mink.kafka.orders
        column            type                                 nullable
        _kafka_partition  INTEGER                              no
        _kafka_timestamp  TIMESTAMP WITH TIME ZONE             yes
        lines             STRUCT(sku VARCHAR, price DOUBLE)[]  yes
        3 rows
        """);
  }

  @Test
  void unknownTableAndCommandSayWhatToDo() {
    commands.run("\\d events");
    commands.run("\\x");

    assertThat(out).hasToString("""
        No table events in catalog mink (database kafka): \\d lists the tables
        Unknown command \\x: \\? lists the commands
        """);
  }

  @Test
  void quitEndsTheShellAndHelpListsTheCommands() {
    assertThat(commands.run("\\?")).isTrue();
    assertThat(out.toString()).contains("\\d TABLE", "\\q");
    assertThat(commands.run("  \\q  ")).isFalse();
  }

  @Test
  void summaryCountsRowsAndSeconds() {
    assertThat(StatementRunner.summary(1, 10_000_000)).isEqualTo("1 row in 0.01 s");
    assertThat(StatementRunner.summary(3, 123_000_000)).isEqualTo("3 rows in 0.12 s");
  }
}
