package io.mink.samples.produce;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.samples.local.LocalStack;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import picocli.CommandLine;

/** samples/produce writes each wire format's bytes, as its serializers write them, to the partition asked for. */
class ProduceCommandIT {
  private static LocalStack stack;

  @BeforeAll
  static void start() {
    stack = LocalStack.start();
  }

  @AfterAll
  static void stop() {
    stack.close();
  }

  @ParameterizedTest
  @EnumSource(WireFormat.class)
  void writesTheWireFormatsFirstBytesOrItsHeader(WireFormat format) {
    String topic = "produce-" + format.cliName();
    stack.broker().createTopic(topic, 2);

    int exit = produce(
        "--bootstrap",
        stack.bootstrapServers(),
        "--topic",
        topic,
        "--language",
        "protobuf",
        "--format",
        format.cliName(),
        "--registry",
        stack.registryUrl(),
        "--glue-region",
        LocalStack.GLUE_REGION,
        "--glue-endpoint",
        stack.glueEndpoint(),
        "--count",
        "5",
        "--partition",
        "1");

    if (format == WireFormat.HEADER_GUID
        && NodeScript.locate().unavailableReason().isPresent()) {
      assertThat(exit).isEqualTo(1);
      return;
    }
    assertThat(exit).isZero();
    List<ConsumerRecord<byte[], byte[]>> records = read(topic, 1);
    assertThat(records).hasSize(5);
    for (ConsumerRecord<byte[], byte[]> record : records) {
      switch (format) {
        case CONFLUENT_PREFIX -> assertThat(record.value()[0]).isEqualTo((byte) 0);
        case GLUE_PREFIX -> assertThat(record.value()[0]).isEqualTo((byte) 3);
        case HEADER_GUID ->
          assertThat(record.headers().lastHeader("__value_schema_id").value()[0])
              .isEqualTo((byte) 1);
      }
    }
  }

  @Test
  void anUnknownLanguageIsAUsageErrorThatNamesTheLanguages() {
    StringWriter err = new StringWriter();
    int exit = command(err)
        .execute("-b", stack.bootstrapServers(), "-t", "x", "-l", "cobol", "-f", "glue");

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString())
        .isEqualTo("Error: Unknown schema language 'cobol': use one of avro, protobuf, json-schema"
            + System.lineSeparator());
  }

  @Test
  void theGluePrefixWithoutARegionSaysWhatToGive() {
    StringWriter err = new StringWriter();
    int exit =
        command(err).execute("-b", stack.bootstrapServers(), "-t", "x", "-l", "avro", "-f", "glue");

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString())
        .startsWith("Error: Writing the Glue prefix needs an AWS Glue schema registry: give its"
            + " region with --glue-region");
  }

  private static int produce(String... args) {
    return command(new StringWriter()).execute(args);
  }

  private static CommandLine command(StringWriter err) {
    return ProduceCommand.commandLine().setErr(new PrintWriter(err, true));
  }

  private static List<ConsumerRecord<byte[], byte[]>> read(String topic, int partition) {
    List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer = stack.broker().newConsumer(Map.of())) {
      TopicPartition assigned = new TopicPartition(topic, partition);
      consumer.assign(List.of(assigned));
      consumer.seekToBeginning(List.of(assigned));
      long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
      while (records.size() < 5 && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(records::add);
      }
    }
    return records;
  }
}
