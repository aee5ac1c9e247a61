package io.mink.schema.cdc;

import static io.mink.schema.cdc.DebeziumJsonUnwrapTest.names;
import static io.mink.schema.cdc.DebeziumJsonUnwrapTest.upserted;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import org.apache.iceberg.data.GenericRecord;
import org.junit.jupiter.api.Test;

/**
 * The create event of Debezium's PostgreSQL connector documentation, section "create events"
 * (documentation/modules/ROOT/pages/connectors/postgresql.adoc in github.com/debezium/debezium), kept verbatim in
 * debezium/postgresql-create-event.json; only the documentation's callout markers ({@code // <1>}) are removed
 * before reading. The example's payload has a source property its schema does not list ({@code sequence}).
 */
class DebeziumDocumentationExampleTest {
  @Test
  void postgresqlCreateEventFromTheDocumentationUnwrapsIntoItsRow() throws Exception {
    byte[] value = documentationExample();

    PartResult.Decoded row =
        upserted(DebeziumEvents.unwrap(new DebeziumUnwrapper(MappingOptions.DEFAULT), value));

    assertThat(names(row.schema().type().asStructType()))
        .containsExactly("id", "first_name", "last_name", "email", "_cdc_op", "_cdc_ts");
    GenericRecord record = (GenericRecord) row.value();
    assertThat(record.getField("id")).isEqualTo(1);
    assertThat(record.getField("first_name")).isEqualTo("Anne");
    assertThat(record.getField("last_name")).isEqualTo("Kretchmar");
    assertThat(record.getField("email")).isEqualTo("annek@noanswer.org");
    assertThat(record.getField("_cdc_op")).isEqualTo("c");
    assertThat(record.getField("_cdc_ts"))
        .isEqualTo(OffsetDateTime.parse("2019-05-28T08:58:24.863Z"));
  }

  private static byte[] documentationExample() throws IOException {
    try (InputStream in = DebeziumDocumentationExampleTest.class.getResourceAsStream(
        "/debezium/postgresql-create-event.json")) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return text.replaceAll(" // <\\d+>", "").getBytes(StandardCharsets.UTF_8);
    }
  }
}
