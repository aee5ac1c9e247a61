package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.schedule.TieringService;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.LakeOffsets;
import io.mink.lake.catalog.LakeSettings;
import io.mink.schema.KafkaColumns;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.RestCatalogServer;
import io.mink.testkit.S3MockServer;
import io.mink.testkit.TestRecord;
import io.mink.testkit.TestRecords;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.aws.s3.S3FileIO;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The sidecar end to end on a lake like a production one: Iceberg's REST catalog server (its own process) with the
 * warehouse in an S3 bucket (S3Mock, its own process), Mink writing through S3FileIO with path-style access.
 */
class RestS3IndexingIT {
  private static final String BUCKET = "mink-lake";
  private static final String WAREHOUSE = "s3://" + BUCKET + "/warehouse";

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static S3MockServer s3;
  private static RestCatalogServer rest;

  @BeforeAll
  static void startLake() {
    s3 = S3MockServer.start(BUCKET);
    Map<String, String> server = new HashMap<>(s3.fileIoProperties());
    server.put("io-impl", S3FileIO.class.getName());
    rest = RestCatalogServer.start(WAREHOUSE, server);
  }

  @AfterAll
  static void stopLake() {
    try {
      if (rest != null) {
        rest.close();
      }
    } finally {
      if (s3 != null) {
        s3.close();
      }
    }
  }

  @Test
  void recordsIndexedThroughARestCatalogOnS3ReadBackOneRowPerOffset() {
    String topic = InProcessSidecar.uniqueTopic("rest-s3");
    KAFKA.createTopic(topic, 3);
    List<TestRecord> records = TestRecords.mixed(20261130L, 1_000, 3);
    List<RecordMetadata> sent = KAFKA.produce(topic, records);
    LakeSettings lake =
        new LakeSettings("iceberg", "rest", rest.uri(), WAREHOUSE, s3.fileIoProperties());

    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), lake, "_tables")) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      RoundResult result = sidecar.runRound(table);

      assertThat(result.committed()).isTrue();
      assertThat(result.rows()).isEqualTo(1_000);
      assertThat(sidecar.offsets(table)).isEqualTo(LakeOffsets.of(KAFKA.endOffsets(topic)));
      Map<String, Record> rows = new HashMap<>();
      for (Record row : sidecar.rows(table)) {
        assertThat(rows.put(InProcessSidecar.offsetKey(row), row))
            .as("duplicate row %s", row)
            .isNull();
      }
      assertThat(rows).hasSize(1_000);
      for (int i = 0; i < records.size(); i++) {
        RecordMetadata metadata = sent.get(i);
        Record row = rows.get(metadata.partition() + "@" + metadata.offset());
        assertThat(row).as("row of record %d", i).isNotNull();
        assertThat(RawIndexingIT.bytes(row.getField(KafkaColumns.KEY)))
            .isEqualTo(records.get(i).key());
        assertThat(RawIndexingIT.bytes(row.getField(KafkaColumns.VALUE)))
            .isEqualTo(records.get(i).value());
      }

      String tablePath =
          "warehouse/" + TieringService.identifier(table).toString().replace('.', '/') + "/";
      assertThat(sidecar.table(table).location())
          .isEqualTo("s3://" + BUCKET + "/" + tablePath.replaceAll("/$", ""));
      assertThat(s3.keys(BUCKET, tablePath + "data/"))
          .hasSize(result.files())
          .allMatch(key -> key.endsWith(".parquet"));
    }
  }
}
