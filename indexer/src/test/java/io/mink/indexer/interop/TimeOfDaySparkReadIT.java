package io.mink.indexer.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apicurio.registry.serde.avro.AvroKafkaSerializer;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.EngineReadability;
import io.mink.schema.registry.ConfluentRegistryClient;
import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
import io.mink.testkit.Warehouse;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Avro rides with times of day (time-millis and time-micros, optional, in a list, a map and a nested record), written
 * by Apicurio's serializer, indexed under each mink.time-as and read by Spark: long and string tables read with the
 * values the producer wrote; a time table is refused by Spark, as the warning says, and holds the times for the
 * engines that read them. Changing the option on a table changes new columns only.
 */
class TimeOfDaySparkReadIT {
  private static final Schema RIDE = new Schema.Parser().parse("""
      {"type": "record", "name": "Ride", "namespace": "rides", "fields": [
        {"name": "id", "type": "long"},
        {"name": "pickup", "type": {"type": "int", "logicalType": "time-millis"}, "doc": "when the rider got in"},
        {"name": "dropoff", "type": ["null", {"type": "long", "logicalType": "time-micros"}], "default": null},
        {"name": "stops", "type": {"type": "array", "items": {"type": "int", "logicalType": "time-millis"}}},
        {"name": "slots", "type": {"type": "map", "values": {"type": "long", "logicalType": "time-micros"}}},
        {"name": "driver", "type": {"type": "record", "name": "Driver", "fields": [
          {"name": "shift_start", "type": {"type": "int", "logicalType": "time-millis"}}]}}]}
      """);
  private static final DateTimeFormatter ISO_MICROS =
      DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSS");
  private static final List<RideTimes> RIDES = List.of(
      new RideTimes(
          1,
          LocalTime.of(8, 15, 30, 250_000_000),
          LocalTime.of(8, 47, 2, 123_456_000),
          List.of(LocalTime.of(8, 20), LocalTime.of(8, 31, 5)),
          Map.of("booked", LocalTime.of(7, 59, 59, 999_999_000)),
          LocalTime.of(6, 0)),
      new RideTimes(
          2, LocalTime.MIDNIGHT, null, List.of(), Map.of(), LocalTime.of(23, 59, 59, 999_000_000)),
      new RideTimes(
          3,
          LocalTime.of(23, 59, 59, 999_000_000),
          LocalTime.of(0, 0, 0, 1_000),
          List.of(LocalTime.NOON),
          Map.of("a", LocalTime.of(12, 0, 0, 1_000), "b", LocalTime.MIDNIGHT),
          LocalTime.of(18, 30)));

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  private final FakeSchemaRegistry registry = FakeSchemaRegistry.start();

  @AfterEach
  void stopRegistry() {
    registry.close();
  }

  @Test
  void sparkReadsLongAndStringTimesAndRefusesTheTimeTableTheWarningNames() throws Exception {
    try (InProcessSidecar sidecar = sidecar()) {
      Map<String, TableDescriptor> tables = new LinkedHashMap<>();
      for (String timeAs : List.of("time", "long", "string")) {
        String topic = "rides-" + timeAs;
        KAFKA.createTopic(topic, 1);
        produce(topic, RIDES);
        TableDescriptor table =
            sidecar.add(topic, Duration.ofMinutes(3), Map.of("time-as", timeAs));
        assertThat(sidecar.runRound(table).rows()).isEqualTo(RIDES.size());
        tables.put(timeAs, table);
      }

      Types.StructType longColumns = sidecar.table(tables.get("long")).schema().asStruct();
      assertThat(longColumns.field("pickup").type()).isEqualTo(Types.LongType.get());
      assertThat(longColumns.field("pickup").doc())
          .isEqualTo("when the rider got in (time of day in microseconds since midnight)");
      assertThat(longColumns.field("stops").doc())
          .isEqualTo("list elements: time of day in microseconds since midnight");
      assertThat(sidecar.table(tables.get("string")).schema().findType("slots.value"))
          .isEqualTo(Types.StringType.get());
      org.apache.iceberg.Schema timeSchema = sidecar.table(tables.get("time")).schema();
      assertThat(EngineReadability.timeColumns(timeSchema))
          .containsExactly(
              "pickup", "dropoff", "stops.element", "slots.value", "driver.shift_start");
      assertThat(EngineReadability.warning(timeSchema))
          .get()
          .asString()
          .startsWith(
              "Spark cannot read this table: columns pickup, dropoff, stops.element, slots.value, "
                  + "driver.shift_start are of Iceberg type time")
          .contains("--option mink.time-as=long");
      assertThat(EngineReadability.warning(sidecar.table(tables.get("long")).schema()))
          .isEmpty();
      List<Record> times = sidecar.rowsByOffset(tables.get("time"));
      assertThat(times.get(0).getField("pickup")).isEqualTo(RIDES.get(0).pickup());
      assertThat(times.get(0).getField("slots")).isEqualTo(RIDES.get(0).slots());

      try (SparkReader spark = SparkReader.start(warehouse.lakeSettings())) {
        assertThat(sparkRides(spark, tables.get("long")))
            .containsExactlyElementsOf(expected(TimeOfDayValue.MICROS));
        assertThat(sparkRides(spark, tables.get("string")))
            .containsExactlyElementsOf(expected(TimeOfDayValue.TEXT));
        assertThat(spark.sql(
                "SELECT date_format(timestamp_micros(pickup), 'HH:mm:ss.SSSSSS') AS pickup FROM mink."
                    + tables.get("long").qualifiedName() + " ORDER BY id"))
            .as("docs/querying.md's Spark expression of a long time of day, in a UTC session")
            .containsExactlyElementsOf(RIDES.stream()
                .map(ride -> Map.<String, Object>of("pickup", ISO_MICROS.format(ride.pickup())))
                .toList());
        assertThatThrownBy(() -> spark.read(tables.get("time").qualifiedName()))
            .hasMessageContaining("Spark does not support time fields");
      }
    }
  }

  @Test
  void changingTheOptionMakesNewColumnsAndKeepsTheTypeOfExistingOnes() throws Exception {
    try (InProcessSidecar sidecar = sidecar()) {
      String topic = "rides-altered";
      KAFKA.createTopic(topic, 1);
      produce(topic, RIDES.subList(0, 1));
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3), Map.of("time-as", "time"));
      sidecar.runRound(table);
      TableDescriptor altered = sidecar.alter(table, Map.of("time-as", "string"));
      produce(topic, RIDES.subList(1, 2));
      sidecar.runRound(altered);

      org.apache.iceberg.Schema schema = sidecar.table(altered).schema();
      Types.NestedField renamed = schema.columns().stream()
          .filter(column -> column.name().startsWith("pickup_s"))
          .findFirst()
          .orElseThrow();
      assertThat(renamed.type()).isEqualTo(Types.TimeType.get());
      assertThat(schema.findField("pickup").type()).isEqualTo(Types.StringType.get());
      List<Record> rows = sidecar.rowsByOffset(altered);
      assertThat(rows.get(0).getField(renamed.name())).isEqualTo(RIDES.get(0).pickup());
      assertThat(rows.get(0).getField("pickup")).isNull();
      assertThat(rows.get(1).getField("pickup")).isEqualTo("00:00:00.000000");
      assertThat(rows.get(1).getField(renamed.name())).isNull();
    }
  }

  private InProcessSidecar sidecar() {
    return new InProcessSidecar(
        KAFKA.bootstrapServers(),
        warehouse.lakeSettings(),
        "_tables",
        RegistryDecoders.forRegistry(
            ConfluentRegistryClient.create(ConfluentRegistrySettings.of(registry.url()))));
  }

  private void produce(String topic, List<RideTimes> rides) throws Exception {
    Map<String, Object> config = new LinkedHashMap<>(KAFKA.clientProperties());
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    AvroKafkaSerializer<GenericData.Record> serializer = new AvroKafkaSerializer<>();
    serializer.configure(
        Map.of(
            "apicurio.registry.url",
            registry.apicurioUrl(),
            "apicurio.registry.auto-register",
            true),
        false);
    try (KafkaProducer<byte[], GenericData.Record> producer =
        new KafkaProducer<>(config, new ByteArraySerializer(), serializer)) {
      for (RideTimes ride : rides) {
        producer.send(new ProducerRecord<>(topic, 0, null, ride.avro())).get(30, TimeUnit.SECONDS);
      }
    }
  }

  private static List<Map<String, Object>> sparkRides(SparkReader spark, TableDescriptor table) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Map<String, Object> row : spark.read(table.qualifiedName())) {
      Map<String, Object> ride = new LinkedHashMap<>();
      for (String column : List.of("id", "pickup", "dropoff", "stops", "slots", "driver")) {
        ride.put(column, row.get(column));
      }
      rows.add(ride);
    }
    rows.sort(Comparator.comparing(ride -> (Long) ride.get("id")));
    return rows;
  }

  private static List<Map<String, Object>> expected(TimeOfDayValue as) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (RideTimes ride : RIDES) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", ride.id());
      row.put("pickup", as.of(ride.pickup()));
      row.put("dropoff", ride.dropoff() == null ? null : as.of(ride.dropoff()));
      row.put("stops", ride.stops().stream().map(as::of).toList());
      Map<String, Object> slots = new LinkedHashMap<>();
      ride.slots().forEach((name, time) -> slots.put(name, as.of(time)));
      row.put("slots", slots);
      row.put("driver", Map.of("shift_start", as.of(ride.shiftStart())));
      rows.add(row);
    }
    return rows;
  }

  /** How Spark answers a time of day of a long or a string table. */
  private enum TimeOfDayValue {
    MICROS,
    TEXT;

    Object of(LocalTime time) {
      return this == MICROS ? time.toNanoOfDay() / 1000 : ISO_MICROS.format(time);
    }
  }

  /** A ride's times; time-millis fields hold whole milliseconds. */
  private record RideTimes(
      long id,
      LocalTime pickup,
      LocalTime dropoff,
      List<LocalTime> stops,
      Map<String, LocalTime> slots,
      LocalTime shiftStart) {
    GenericData.Record avro() {
      GenericData.Record driver = new GenericData.Record(RIDE.getField("driver").schema());
      driver.put("shift_start", millis(shiftStart));
      GenericData.Record ride = new GenericData.Record(RIDE);
      ride.put("id", id);
      ride.put("pickup", millis(pickup));
      ride.put("dropoff", dropoff == null ? null : dropoff.toNanoOfDay() / 1000);
      ride.put("stops", stops.stream().map(RideTimes::millis).toList());
      Map<String, Long> slotMicros = new LinkedHashMap<>();
      slots.forEach((name, time) -> slotMicros.put(name, time.toNanoOfDay() / 1000));
      ride.put("slots", slotMicros);
      ride.put("driver", driver);
      return ride;
    }

    private static int millis(LocalTime time) {
      return (int) (time.toNanoOfDay() / 1_000_000);
    }
  }
}
