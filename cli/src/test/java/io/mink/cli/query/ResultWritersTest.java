package io.mink.cli.query;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The table, JSON and CSV forms of a statement's Arrow batches: every type DuckDB returns for Mink's columns. */
class ResultWritersTest {
  private final BufferAllocator allocator = new RootAllocator();

  @AfterEach
  void close() {
    allocator.close();
  }

  @Test
  void tableAlignsTheColumnsAndShowsNullAndNestedValuesAsJson() {
    try (VectorSchemaRoot batch = ResultBatches.everyType(allocator)) {
      assertThat(ResultBatches.written(ResultFormat.table, batch)).isEqualTo("""
          id    big                   price  ts                          tstz                         day         bin   s         d     tags       point
          1     18446744073709551615  12.30  2026-12-02T20:16:01.123456  2026-12-02T20:16:01.123456Z  2026-12-02  /wAQ  a,"b"\\nc  NaN   ["x","y"]  {"n":1,"s":"a"}
          NULL  NULL                  NULL   NULL                        NULL                         NULL        NULL  NULL      NULL  NULL       NULL
          """);
    }
  }

  @Test
  void jsonWritesOneObjectPerRowWithNumbersStringsAndNesting() {
    try (VectorSchemaRoot batch = ResultBatches.everyType(allocator)) {
      assertThat(ResultBatches.written(ResultFormat.json, batch))
          .isEqualTo("{\"id\":1,\"big\":18446744073709551615,\"price\":\"12.30\","
              + "\"ts\":\"2026-12-02T20:16:01.123456\",\"tstz\":\"2026-12-02T20:16:01.123456Z\","
              + "\"day\":\"2026-12-02\",\"bin\":\"/wAQ\",\"s\":\"a,\\\"b\\\"\\nc\",\"d\":\"NaN\","
              + "\"tags\":[\"x\",\"y\"],\"point\":{\"n\":1,\"s\":\"a\"}}\n"
              + "{\"id\":null,\"big\":null,\"price\":null,\"ts\":null,\"tstz\":null,\"day\":null,"
              + "\"bin\":null,\"s\":null,\"d\":null,\"tags\":null,\"point\":null}\n");
    }
  }

  @Test
  void csvQuotesWhatNeedsItAndLeavesNullEmpty() {
    try (VectorSchemaRoot batch = ResultBatches.everyType(allocator)) {
      assertThat(ResultBatches.written(ResultFormat.csv, batch))
          .isEqualTo("id,big,price,ts,tstz,day,bin,s,d,tags,point\r\n"
              + "1,18446744073709551615,12.30,2026-12-02T20:16:01.123456,2026-12-02T20:16:01.123456Z,"
              + "2026-12-02,/wAQ,\"a,\"\"b\"\"\nc\",NaN,\"[\"\"x\"\",\"\"y\"\"]\",\"{\"\"n\"\":1,\"\"s\"\":\"\"a\"\"}\"\r\n"
              + ",,,,,,,,,,\r\n");
    }
  }

  @Test
  void tableWithoutRowsPrintsItsHeader() {
    Schema schema =
        new Schema(java.util.List.of(Field.nullable("count_star()", new ArrowType.Int(64, true))));
    try (VectorSchemaRoot batch = VectorSchemaRoot.create(schema, allocator)) {
      batch.setRowCount(0);

      assertThat(ResultBatches.written(ResultFormat.table, batch)).isEqualTo("count_star()\n");
      assertThat(ResultBatches.written(ResultFormat.csv, batch)).isEqualTo("count_star()\r\n");
      assertThat(ResultBatches.written(ResultFormat.json, batch)).isEmpty();
    }
  }

  @Test
  void tableSizesColumnsOnTheFirstThousandRowsAndKeepsThoseWidths() {
    Schema schema = new Schema(java.util.List.of(Field.nullable("n", new ArrowType.Int(32, true))));
    try (VectorSchemaRoot first = VectorSchemaRoot.create(schema, allocator);
        VectorSchemaRoot second = VectorSchemaRoot.create(schema, allocator)) {
      IntVector small = (IntVector) first.getVector(0);
      small.allocateNew(TableResultWriter.SIZING_ROWS);
      for (int i = 0; i < TableResultWriter.SIZING_ROWS; i++) {
        small.set(i, 7);
      }
      first.setRowCount(TableResultWriter.SIZING_ROWS);
      IntVector large = (IntVector) second.getVector(0);
      large.allocateNew(1);
      large.set(0, 123_456);
      second.setRowCount(1);

      String[] lines = ResultBatches.written(ResultFormat.table, first, second).split("\n");

      assertThat(lines).hasSize(TableResultWriter.SIZING_ROWS + 2);
      assertThat(lines[0]).isEqualTo("n");
      assertThat(lines[1]).isEqualTo("7");
      assertThat(lines[lines.length - 1]).as("wider than the first rows: cut").isEqualTo("…");
    }
  }
}
