package io.mink.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.samples.local.InProcessMink;
import io.mink.samples.local.LakeWatch;
import io.mink.samples.local.LocalStack;
import io.mink.samples.produce.ApicurioSerializers;
import io.mink.samples.produce.SchemaLanguage;
import io.mink.testkit.SidecarProcess;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's view of a time-of-day field: the same Avro rides added with the default and with
 * {@code --option mink.time-as=time}. The default table holds longs and nobody warns; the time table makes the
 * sidecar log a warning, and {@code table show} and {@code cluster stats} say Spark cannot read it and which option
 * changes that.
 */
class TimeColumnWarningIT {
  private static final Schema RIDE = new Schema.Parser().parse("""
      {"type": "record", "name": "Ride", "fields": [
        {"name": "id", "type": "long"},
        {"name": "pickup", "type": {"type": "int", "logicalType": "time-millis"}}]}
      """);

  @TempDir
  Path home;

  @Test
  void aTimeColumnIsWarnedOfInTheLogTableShowAndClusterStats() throws Exception {
    PrintWriter out = new PrintWriter(System.out, true, Charset.defaultCharset());
    try (LocalStack stack = LocalStack.start()) {
      stack.broker().createTopic("rides", 1);
      stack.broker().createTopic("rides_as_time", 1);
      produceRide(stack, "rides");
      produceRide(stack, "rides_as_time");
      InProcessMink mink = new InProcessMink(stack.minkVariables(), home, out);
      mink.runOrFail("table", "add", "rides", "--freshness", "1s");
      mink.runOrFail(
          "table", "add", "rides_as_time", "--freshness", "1s", "--option", "mink.time-as=time");
      try (SidecarProcess sidecar =
          mink.serveLogging(Path.of("target", "mink-serve-TimeColumnWarningIT.log"))) {
        LakeWatch lake = new LakeWatch(mink.lake(), sidecar);
        lake.awaitOffsets("kafka", "rides", stack.broker().endOffsets("rides"));
        lake.awaitOffsets("kafka", "rides_as_time", stack.broker().endOffsets("rides_as_time"));

        String show = mink.capture("table", "show", "rides_as_time");
        String showDefault = mink.capture("table", "show", "rides");
        String stats = mink.capture("cluster", "stats");

        assertThat(sidecar.output())
            .contains("Table kafka.rides_as_time gets column pickup of Iceberg type time "
                + "(mink.time-as=time): Spark cannot read this table")
            .doesNotContain("Table kafka.rides gets");
        assertThat(show)
            .contains(
                "Time as    time, Iceberg time (mink.time-as)\n",
                "Warning    Spark cannot read this table: column pickup is of Iceberg type time",
                "--option mink.time-as=long or mink.time-as=string");
        assertThat(showDefault)
            .contains("Time as    long, time of day in microseconds since midnight (the default")
            .doesNotContain("Warning");
        assertThat(stats)
            .contains(
                "  warning: Spark cannot read this table: column pickup is of Iceberg type time")
            .containsOnlyOnce("warning:");
      }
    }
  }

  private static void produceRide(LocalStack stack, String topic) throws Exception {
    Serializer<Object> serializer = ApicurioSerializers.serializer(
        SchemaLanguage.AVRO, stack.registries().apicurioUrl(), false);
    GenericData.Record ride = new GenericData.Record(RIDE);
    ride.put("id", 1L);
    ride.put("pickup", 8 * 3_600_000);
    try (KafkaProducer<byte[], Object> producer =
        new KafkaProducer<>(stack.kafkaProperties(), new ByteArraySerializer(), serializer)) {
      producer.send(new ProducerRecord<>(topic, 0, null, ride)).get(30, TimeUnit.SECONDS);
    }
  }
}
