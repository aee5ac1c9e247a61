package io.mink.indexer.interop;

import io.mink.testkit.KafkaBroker;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The all-types topic: records of Avro, Protobuf and JSON Schema, written by Apicurio's serializers through one
 * registry and interleaved on one partition, each language's fields with a prefix of its own, so that the table Mink
 * makes of it holds every Iceberg type Mink's mapping produces.
 */
final class AllTypesTopic {
  static final List<AllTypesLanguage> LANGUAGES =
      List.of(new AvroAllTypes(), new ProtobufAllTypes(), new JsonSchemaAllTypes());

  private AllTypesTopic() {}

  /**
   * Produces the records of the languages in turn (the first of each, then the second of each, ...) to the topic's
   * partition 0, each with its language's serializer and no key; returns each record's expected typed columns, by
   * offset, as Spark reads them.
   */
  static List<Map<String, Object>> produceInterleaved(
      KafkaBroker kafka, String topic, FakeSchemaRegistry registry) throws Exception {
    Map<String, Object> config = new HashMap<>(kafka.clientProperties());
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    List<KafkaProducer<Object, Object>> producers = new ArrayList<>();
    try {
      for (AllTypesLanguage language : LANGUAGES) {
        Serializer<Object> noKeys = (unused, key) -> null;
        producers.add(
            new KafkaProducer<>(config, noKeys, language.serializer(registry.apicurioUrl())));
      }
      List<List<Object>> values =
          LANGUAGES.stream().map(AllTypesLanguage::values).toList();
      List<Map<String, Object>> expectedRows = new ArrayList<>();
      for (int i = 0; i < values.get(0).size(); i++) {
        for (int l = 0; l < LANGUAGES.size(); l++) {
          producers
              .get(l)
              .send(new ProducerRecord<>(topic, 0, null, values.get(l).get(i)))
              .get(30, TimeUnit.SECONDS);
          expectedRows.add(expectedColumns(LANGUAGES.get(l), i));
        }
      }
      return expectedRows;
    } finally {
      producers.forEach(KafkaProducer::close);
    }
  }

  /** Every typed column of the table for the {@code index}th record of a language: the other languages' are null. */
  private static Map<String, Object> expectedColumns(AllTypesLanguage written, int index) {
    Map<String, Object> columns = new LinkedHashMap<>();
    for (AllTypesLanguage language : LANGUAGES) {
      for (AllTypesColumn column : language.columns()) {
        columns.put(column.name(), language == written ? column.sparkValues().get(index) : null);
      }
    }
    return columns;
  }
}
