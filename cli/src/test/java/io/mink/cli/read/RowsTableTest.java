package io.mink.cli.read;

import static io.mink.cli.read.RowsFixture.EVERY_TYPE;
import static io.mink.cli.read.RowsFixture.print;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.batch.RowBatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class RowsTableTest {
  private static final Schema STRINGS =
      new Schema(Types.NestedField.optional(1, "s", Types.StringType.get()));

  @Test
  void everyTypeInAlignedColumnsWithNullsAndTheRowCount() {
    String table = print(
        ReadOutput.table,
        EVERY_TYPE,
        List.of(
            List.of(RowsFixture.full()), List.of(RowsFixture.empty(), RowsFixture.nullsWithin())));

    assertThat(table).isEqualTo("""
            bool  i     l                 f     d          dec    day         t                ts                          tstz                         s      u                                     fx    bin   st                   li        m                                              _kafka_headers
            true  -7    9007199254740993  1.5   -0.25      12.30  2026-12-02  20:16:01.123456  2026-12-02T20:16:01.123456  2026-12-02T20:16:01.123456Z  héllo  123e4567-e89b-12d3-a456-426614174000  AQID  /wAQ  {"n":1,"s":"a"}      [1,2]     [{"key":"a","value":1},{"key":"b","value":2}]  [{"key":"trace","value":"AQI="}]
            NULL  NULL  NULL              NULL  NULL       NULL   NULL        NULL             NULL                        NULL                         NULL   NULL                                  NULL  NULL  NULL                 NULL      NULL                                           NULL
            NULL  NULL  NULL              NaN   -Infinity  -0.05  NULL        00:00:00.000000  1969-12-31T23:59:59.500000  2026-01-01T00:00:00.000000Z         NULL                                  NULL        {"n":null,"s":null}  [null,3]  [{"key":"a","value":null}]                     [{"key":"k","value":null},{"key":null,"value":"…
            3 rows
            """);
  }

  @Test
  void columnsAreAtMost48WideAndLongerCellsEndInAnEllipsis() {
    Schema schema = new Schema(
        Types.NestedField.optional(1, "s", Types.StringType.get()),
        Types.NestedField.optional(2, "n", Types.IntegerType.get()));
    String letters = "abcdefghijklmnopqrstuvwxyz".repeat(2);
    String faces = "😀".repeat(50);
    var rows = List.of(
        RowsFixture.strings(schema, letters).get(0),
        RowsFixture.strings(schema, faces).get(0),
        RowsFixture.strings(schema, "short").get(0));
    rows.get(0).setField("n", 1);

    assertThat(print(ReadOutput.table, schema, List.of(rows)))
        .isEqualTo("s" + " ".repeat(47) + "  n\n"
            + letters.substring(0, 47) + "…  1\n"
            + "😀".repeat(47) + "…  NULL\n"
            + "short" + " ".repeat(43) + "  NULL\n"
            + "3 rows\n");
  }

  @Test
  void theFirstThousandRowsSizeTheColumnsAndLaterRowsPrintAsTheyCome() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowsWriter writer = RowsWriter.of(ReadOutput.table, out)) {
      writer.begin(STRINGS, Map.of());
      write(writer, Collections.nCopies(999, "a"));
      assertThat(out.size()).isZero();

      write(writer, List.of("bb", "cccc"));
      String sized = "s\n" + "a\n".repeat(999) + "bb\n";
      assertThat(text(out)).isEqualTo(sized + "c…\n");

      write(writer, List.of("dd"));
      writer.finish();
      assertThat(text(out)).isEqualTo(sized + "c…\ndd\n1002 rows\n");
    }
  }

  @Test
  void lineBreaksTabsAndControlCharactersAreEscaped() {
    assertThat(print(
            ReadOutput.table,
            STRINGS,
            List.of(RowsFixture.strings(STRINGS, "two\nlines\tand\r\u0007bell \\n"))))
        .isEqualTo("""
            s
            two\\nlines\\tand\\r\\u0007bell \\n
            1 row
            """);
  }

  @Test
  void noRowsPrintTheHeaderAndZeroRows() {
    assertThat(print(ReadOutput.table, STRINGS, List.of())).isEqualTo("s\n0 rows\n");
  }

  private static void write(RowsWriter writer, List<String> values) throws IOException {
    try (RowBatch batch =
        RowBatch.of(STRINGS, RowsFixture.strings(STRINGS, values.toArray(String[]::new)))) {
      writer.write(batch);
    }
  }

  private static String text(ByteArrayOutputStream out) {
    return out.toString(StandardCharsets.UTF_8);
  }
}
