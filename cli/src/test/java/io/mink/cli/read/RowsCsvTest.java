package io.mink.cli.read;

import static io.mink.cli.read.RowsFixture.EVERY_TYPE;
import static io.mink.cli.read.RowsFixture.print;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class RowsCsvTest {
  @Test
  void everyTypeUnderAHeaderWithNestedValuesAsJson() {
    String csv = print(
        ReadOutput.csv,
        EVERY_TYPE,
        List.of(
            List.of(RowsFixture.full()), List.of(RowsFixture.empty(), RowsFixture.nullsWithin())));

    assertThat(csv).isEqualTo("""
            bool,i,l,f,d,dec,day,t,ts,tstz,s,u,fx,bin,st,li,m,_kafka_headers
            true,-7,9007199254740993,1.5,-0.25,12.30,2026-12-02,20:16:01.123456,2026-12-02T20:16:01.123456,2026-12-02T20:16:01.123456Z,héllo,123e4567-e89b-12d3-a456-426614174000,AQID,/wAQ,"{""n"":1,""s"":""a""}","[1,2]","[{""key"":""a"",""value"":1},{""key"":""b"",""value"":2}]","[{""key"":""trace"",""value"":""AQI=""}]"
            ,,,,,,,,,,,,,,,,,
            ,,,NaN,-Infinity,-0.05,,00:00:00.000000,1969-12-31T23:59:59.500000,2026-01-01T00:00:00.000000Z,"",,,"","{""n"":null,""s"":null}","[null,3]","[{""key"":""a"",""value"":null}]","[{""key"":""k"",""value"":null},{""key"":null,""value"":""\""}]"
            """.replace("\n", "\r\n"));
  }

  @Test
  void fieldsWithCommasQuotesAndLineBreaksAreQuotedNullIsEmptyAndTheEmptyStringQuoted() {
    Schema schema =
        new Schema(Types.NestedField.optional(1, "note, \"quoted\"", Types.StringType.get()));

    String csv = print(
        ReadOutput.csv,
        schema,
        List.of(RowsFixture.strings(
            schema, "say \"hi\"", "a,b", "two\nlines", "cr\rhere", "plain", "", null, " spaced ")));

    assertThat(csv)
        .isEqualTo("\"note, \"\"quoted\"\"\"\r\n"
            + "\"say \"\"hi\"\"\"\r\n"
            + "\"a,b\"\r\n"
            + "\"two\nlines\"\r\n"
            + "\"cr\rhere\"\r\n"
            + "plain\r\n"
            + "\"\"\r\n"
            + "\r\n"
            + " spaced \r\n");
  }

  @Test
  void noRowsPrintTheHeader() {
    Schema schema = new Schema(
        Types.NestedField.required(1, "id", Types.LongType.get()),
        Types.NestedField.optional(2, "name", Types.StringType.get()));

    assertThat(print(ReadOutput.csv, schema, List.of())).isEqualTo("id,name\r\n");
  }
}
