package io.mink.samples.produce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Header GUIDs, written by Confluent's own JavaScript serializers: {@link NodeScript} serializes the orders against
 * the Confluent-compatible registry, and this producer sends the bytes and headers it made to Kafka unchanged.
 */
final class ConfluentJsOrderProducer implements OrderProducer {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration SCRIPT_TIMEOUT = Duration.ofMinutes(2);

  private final NodeScript script;
  private final SchemaLanguage language;
  private final String registryUrl;
  private final KafkaProducer<byte[], byte[]> producer;

  ConfluentJsOrderProducer(
      NodeScript script, SchemaLanguage language, String registryUrl, Map<String, Object> kafka) {
    this.script = script;
    this.language = language;
    this.registryUrl = registryUrl;
    this.producer = new KafkaProducer<>(
        SerializingOrderProducer.producerProperties(kafka),
        new ByteArraySerializer(),
        new ByteArraySerializer());
  }

  @Override
  public void send(String topic, Integer partition, List<SampleOrder> orders) {
    List<ProducerRecord<byte[], byte[]>> records = serialize(topic, partition, orders);
    List<Future<RecordMetadata>> sent = new ArrayList<>(records.size());
    records.forEach(record -> sent.add(producer.send(record)));
    producer.flush();
    SerializingOrderProducer.awaitAll(sent, topic);
  }

  private List<ProducerRecord<byte[], byte[]>> serialize(
      String topic, Integer partition, List<SampleOrder> orders) {
    Path errors = null;
    try {
      errors = Files.createTempFile("mink-samples-node", ".err");
      Process process = new ProcessBuilder(script.command(List.of(
              "--registry", registryUrl, "--topic", topic, "--language", language.cliName())))
          .directory(script.directory().toFile())
          .redirectError(errors.toFile())
          .start();
      Thread feeder = new Thread(() -> feed(process, orders), "confluent-js-input");
      feeder.setDaemon(true);
      feeder.start();
      List<ProducerRecord<byte[], byte[]>> records = new ArrayList<>(orders.size());
      try (BufferedReader lines = process.inputReader(StandardCharsets.UTF_8)) {
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          records.add(record(topic, partition, JSON.readTree(line)));
        }
      }
      if (!process.waitFor(SCRIPT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("The Confluent serializers' script did not finish within "
            + SCRIPT_TIMEOUT.toSeconds() + "s");
      }
      if (process.exitValue() != 0 || records.size() != orders.size()) {
        throw new IllegalStateException(
            "Confluent's npm serializers failed (" + script.directory() + "/"
                + NodeScript.SCRIPT + ", exit code " + process.exitValue() + ", " + records.size()
                + " of " + orders.size()
                + " orders serialized): "
                + Files.readString(errors, StandardCharsets.UTF_8).strip());
      }
      return records;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot run Confluent's npm serializers with node", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while Confluent's npm serializers ran", e);
    } finally {
      if (errors != null) {
        errors.toFile().delete();
      }
    }
  }

  private void feed(Process process, List<SampleOrder> orders) {
    JsonSchemaOrders json = new JsonSchemaOrders();
    try (Writer input = process.outputWriter(StandardCharsets.UTF_8)) {
      ObjectNode setup = JSON.createObjectNode()
          .put("keySchema", language.schemaText(true))
          .put("valueSchema", language.schemaText(false))
          .put(
              "descriptorSet",
              Base64.getEncoder().encodeToString(OrderProtoFiles.descriptorSet().toByteArray()));
      input.write(setup + "\n");
      for (SampleOrder order : orders) {
        input.write(json.value(order) + "\n");
      }
    } catch (IOException e) {
      // the script stopped reading: its exit code and standard error say why
    }
  }

  private static ProducerRecord<byte[], byte[]> record(
      String topic, Integer partition, JsonNode serialized) {
    ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(
        topic, partition, bytes(serialized.get("key")), bytes(serialized.get("value")));
    for (JsonNode header : serialized.required("headers")) {
      record
          .headers()
          .add(new RecordHeader(header.required("key").asText(), bytes(header.get("value"))));
    }
    return record;
  }

  private static byte[] bytes(JsonNode base64) {
    return base64 == null || base64.isNull() ? null : Base64.getDecoder().decode(base64.asText());
  }

  @Override
  public void close() {
    producer.close(Duration.ofSeconds(10));
  }
}
