package io.mink.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.KafkaColumns;
import java.util.List;
import org.apache.iceberg.PartitionSpec;
import org.junit.jupiter.api.Test;

class PartitionSpecsTest {
  @Test
  void defaultSpecIsIdentityOnKafkaPartition() {
    PartitionSpec spec = PartitionSpecs.kafka(KafkaColumns.SCHEMA);

    assertThat(PartitionSpecs.describe(spec)).isEqualTo("identity(_kafka_partition)");
    assertThat(PartitionSpecs.isKafkaPartitionOnly(spec)).isTrue();
    assertThat(spec.fields().get(0).name()).isEqualTo("_kafka_partition");
  }

  @Test
  void partitionByFieldsComeAfterKafkaPartition() {
    PartitionSpec spec = PartitionSpecs.forNewTable(
        KafkaColumns.SCHEMA,
        PartitionSpecs.parse(List.of(
            "day(_kafka_timestamp)", "bucket(16, _kafka_key), truncate(1000000, _kafka_offset)")));

    assertThat(PartitionSpecs.describe(spec))
        .isEqualTo("identity(_kafka_partition), day(_kafka_timestamp), "
            + "bucket(16, _kafka_key), truncate(1000000, _kafka_offset)");
    assertThat(PartitionSpecs.isKafkaPartitionOnly(spec)).isFalse();
    assertThat(PartitionSpecs.kafkaPartitionIdentity(spec)).isZero();
  }

  @Test
  void termsParseInEveryForm() {
    assertThat(PartitionTerm.parse(" hours( _kafka_timestamp ) "))
        .isEqualTo(new PartitionTerm("hour", 0, "_kafka_timestamp"));
    assertThat(PartitionTerm.parse("Month(_kafka_timestamp)").toString())
        .isEqualTo("month(_kafka_timestamp)");
    assertThat(PartitionTerm.parse("customer_id"))
        .isEqualTo(new PartitionTerm("identity", 0, "customer_id"));
    assertThat(PartitionTerm.parse("identity(customer_id)"))
        .isEqualTo(new PartitionTerm("identity", 0, "customer_id"));
    assertThat(PartitionTerm.parse("bucket(16,_kafka_key)").toString())
        .isEqualTo("bucket(16, _kafka_key)");
  }

  @Test
  void malformedFieldsSayWhatIsExpected() {
    String forms =
        ". Use a column or one of identity(col), year(col), month(col), day(col), hour(col), "
            + "bucket(N, col), truncate(W, col)";
    assertThatThrownBy(() -> PartitionTerm.parse("day(_kafka_timestamp"))
        .hasMessage(
            "Invalid partition field 'day(_kafka_timestamp': expected a column or transform(column)"
                + forms);
    assertThatThrownBy(() -> PartitionTerm.parse("week(_kafka_timestamp)"))
        .hasMessage(
            "Invalid partition field 'week(_kafka_timestamp)': unknown transform 'week'" + forms);
    assertThatThrownBy(() -> PartitionTerm.parse("bucket(_kafka_key)"))
        .hasMessage(
            "Invalid partition field 'bucket(_kafka_key)': bucket takes a number and a column, such as "
                + "bucket(16, _kafka_key)" + forms);
    assertThatThrownBy(() -> PartitionTerm.parse("truncate(0, _kafka_offset)"))
        .hasMessage(
            "Invalid partition field 'truncate(0, _kafka_offset)': the truncate width must be a whole "
                + "number of at least 1, such as truncate(1000000, _kafka_offset)" + forms);
  }

  @Test
  void onlyMetadataColumnsWithFittingTransformsAtAddTime() {
    assertThatThrownBy(() -> forNewTable("customer_id"))
        .hasMessage(
            "Cannot partition by identity(customer_id): the table has no column customer_id when it is "
                + "added. Typed columns appear with the first schema; partition by them later with your engine (ALTER "
                + "TABLE ... ADD PARTITION FIELD) and Mink writes by the table's current spec. When a table is added, "
                + "these can be partition fields: year, month, day or hour of _kafka_timestamp; truncate of "
                + "_kafka_offset; bucket or truncate of _kafka_key");
    assertThatThrownBy(() -> forNewTable("identity(_kafka_timestamp)"))
        .hasMessage(
            "Cannot partition by identity(_kafka_timestamp): _kafka_timestamp takes year, month, day or hour");
    assertThatThrownBy(() -> forNewTable("bucket(8, _kafka_offset)"))
        .hasMessage("Cannot partition by bucket(8, _kafka_offset): _kafka_offset takes truncate");
    assertThatThrownBy(() -> forNewTable("_kafka_value"))
        .hasMessage(
            "Cannot partition by identity(_kafka_value): _kafka_value cannot be a partition field. When a "
                + "table is added, these can: year, month, day or hour of _kafka_timestamp; truncate of _kafka_offset; "
                + "bucket or truncate of _kafka_key");
    assertThatThrownBy(() -> forNewTable("_kafka_partition"))
        .hasMessage(
            "Cannot partition by identity(_kafka_partition): identity(_kafka_partition) is always the first "
                + "partition field of a Mink table; add other fields after it");
  }

  @Test
  void twoTimeTransformsOfOneColumnAreRefused() {
    assertThatThrownBy(() -> forNewTable("day(_kafka_timestamp)", "hour(_kafka_timestamp)"))
        .hasMessage(
            "Cannot partition by both day(_kafka_timestamp) and hour(_kafka_timestamp): keep one of year, "
                + "month, day and hour per column");
    assertThatThrownBy(() -> forNewTable("bucket(4, _kafka_key)", "bucket(8, _kafka_key)"))
        .hasMessage(
            "Cannot partition by both bucket(4, _kafka_key) and bucket(8, _kafka_key): give each transform "
                + "of a column once");
  }

  @Test
  void unpartitionedAndForeignSpecsAreToldApart() {
    assertThat(PartitionSpecs.describe(PartitionSpec.unpartitioned())).isEqualTo("unpartitioned");
    assertThat(PartitionSpecs.hasKafkaPartitionIdentity(PartitionSpec.unpartitioned()))
        .isFalse();
    PartitionSpec byDay = PartitionSpec.builderFor(KafkaColumns.SCHEMA)
        .day(KafkaColumns.TIMESTAMP)
        .identity(KafkaColumns.PARTITION)
        .build();
    assertThat(PartitionSpecs.hasKafkaPartitionIdentity(byDay)).isTrue();
    assertThat(PartitionSpecs.kafkaPartitionIdentity(byDay)).isEqualTo(1);
    PartitionSpec bucketed = PartitionSpec.builderFor(KafkaColumns.SCHEMA)
        .bucket(KafkaColumns.PARTITION, 4)
        .build();
    assertThat(PartitionSpecs.hasKafkaPartitionIdentity(bucketed)).isFalse();
  }

  private static PartitionSpec forNewTable(String... fields) {
    return PartitionSpecs.forNewTable(KafkaColumns.SCHEMA, PartitionSpecs.parse(List.of(fields)));
  }
}
