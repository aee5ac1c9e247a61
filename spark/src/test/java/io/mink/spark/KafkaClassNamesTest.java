package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.config.MinkConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KafkaClassNamesTest {
  private static final String SHADED = "io.mink.spark.shaded.org.apache.kafka.";

  @Test
  void loginModuleInAJaasConfigMovesToTheRelocatedPackage() {
    String jaas =
        "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"mink\" "
            + "password=\"org.apache.kafka.x\";";

    assertThat(KafkaClassNames.relocate(jaas, SHADED))
        .isEqualTo(
            "io.mink.spark.shaded.org.apache.kafka.common.security.scram.ScramLoginModule required "
                + "username=\"mink\" password=\"io.mink.spark.shaded.org.apache.kafka.x\";");
  }

  @Test
  void everyNameOfAListMovesAndOneRelocatedAlreadyStays() {
    String assignors = "org.apache.kafka.clients.consumer.RangeAssignor,"
        + "io.mink.spark.shaded.org.apache.kafka.clients.consumer.CooperativeStickyAssignor";

    assertThat(KafkaClassNames.relocate(assignors, SHADED))
        .isEqualTo("io.mink.spark.shaded.org.apache.kafka.clients.consumer.RangeAssignor,"
            + "io.mink.spark.shaded.org.apache.kafka.clients.consumer.CooperativeStickyAssignor");
  }

  @Test
  void valuesWithoutKafkaNamesAndAnUnrelocatedPackageChangeNothing() {
    assertThat(KafkaClassNames.relocate("kafka-1:9092,kafka-2:9092", SHADED))
        .isEqualTo("kafka-1:9092,kafka-2:9092");
    assertThat(KafkaClassNames.relocate(
            "org.apache.kafka.clients.consumer.RangeAssignor", "org.apache.kafka."))
        .isEqualTo("org.apache.kafka.clients.consumer.RangeAssignor");
    assertThat(KafkaClassNames.KAFKA_PACKAGE).isEqualTo("org.apache.kafka.");
  }

  @Test
  void onThisUnrelocatedClasspathTheConfigurationStaysAsLoaded() {
    MinkConfig config = new SparkOptions(Map.of(
            "kafka.bootstrap.servers", "kafka-1:9092",
            "kafka.metric.reporters", "org.apache.kafka.common.metrics.JmxReporter"))
        .load();

    assertThat(KafkaClassNames.packageHere()).isEqualTo("org.apache.kafka.");
    assertThat(KafkaClassNames.relocated(config)).isSameAs(config);
    assertThat(config.kafka())
        .containsEntry("metric.reporters", "org.apache.kafka.common.metrics.JmxReporter");
  }

  @Test
  void aPackageThatIsNotKafkasIsRefused() {
    assertThatThrownBy(() -> KafkaClassNames.relocate("x", "io.mink.spark.shaded."))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Kafka's package io.mink.spark.shaded. does not end with org.apache.kafka.");
  }
}
